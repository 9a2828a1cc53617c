import { hash, verify, type Algorithm } from '@node-rs/argon2';
// The 10,000 most common passwords (one per line), bundled so the check needs no file at run time.
import commonPasswordList from './common-passwords.txt?raw';

const COMMON_PASSWORDS = new Set(
  commonPasswordList
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

// argon2id with the OWASP baseline: 19 MiB, 2 passes, 1 lane (about 20-30 ms here).
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Whether a password is one of the 10,000 most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** An argon2id hash (PHC string) of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches the PHC hash; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
