import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at the library's defaults (m=19456 KiB, t=2, p=1: OWASP's
 * minimum recommendation), ≈ 30 ms a hash here.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password, computed once: checking a login against it takes as long as
// checking a real account, so response time does not tell whether an account exists.
let dummyHash: Promise<string> | null = null;
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(`no-such-account-${Math.random()}`);
  return dummyHash;
}

/** Verifies `password` against `storedHash`, or burns the same time against a dummy when there is none. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
