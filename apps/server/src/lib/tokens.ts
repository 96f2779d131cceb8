import { hash, randomBytes } from 'node:crypto';

/** An opaque token of 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Every authenticated call hashes its token: the one-shot `hash` skips a Hash object per call. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
