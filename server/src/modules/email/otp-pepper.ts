import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the embedded default keeps its generated pepper, inside the data directory. */
export const OTP_PEPPER_FILE = 'otp-pepper';
const GENERATED_PEPPER_BYTES = 32;

/**
 * The configured OTP_PEPPER, or in embedded mode one generated on first start and kept in the
 * data directory (readable by the owner only), so codes survive a restart without any setup.
 * PostgreSQL deployments must configure it: every instance needs the same one (config.ts).
 */
export function resolveOtpPepper(configured: string | null, dataDir: string): string {
  if (configured !== null) return configured;
  const file = path.join(dataDir, OTP_PEPPER_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const pepper = crypto.randomBytes(GENERATED_PEPPER_BYTES).toString('base64url');
  fs.writeFileSync(file, `${pepper}\n`, { mode: 0o600, flag: 'wx' });
  return pepper;
}
