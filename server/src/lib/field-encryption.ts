import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Personal data at rest (SSNs, card numbers) is encrypted with AES-256-GCM. Each value gets its
 * own random 96-bit nonce; the stored form is `v1:` + base64(nonce ‖ tag ‖ ciphertext), so the key
 * can be rotated later by introducing `v2`.
 */
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1:';
/** Where embedded mode keeps the key it generated, inside the data directory. */
export const DATA_KEY_FILE = 'data-encryption-key';

export interface FieldCipher {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== KEY_BYTES) throw new Error(`field encryption key must be ${KEY_BYTES} bytes`);
  return {
    encrypt(plaintext) {
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(VERSION)) throw new Error('unknown field encryption version');
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
      const nonce = raw.subarray(0, NONCE_BYTES);
      const tag = raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * The configured key, or in embedded mode one generated on first start and kept (owner-only) in
 * the data directory. Losing that file makes the stored SSNs unreadable: back it up with the data.
 */
export function resolveDataKey(configured: string | null, dataDir: string): Buffer {
  if (configured !== null) return Buffer.from(configured, 'base64');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATA_KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = crypto.randomBytes(KEY_BYTES);
  fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
