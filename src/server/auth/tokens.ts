import { createHash, randomBytes } from 'node:crypto';

/** A new secret token: 256 random bits, base64url (43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
