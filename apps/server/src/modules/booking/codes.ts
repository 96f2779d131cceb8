import { createHash, randomBytes, randomInt } from 'node:crypto';

/** No 0/O, 1/I: a code read aloud or typed from paper cannot be mistaken. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The order code people see: `MQ-` and 8 characters of 32 (40 bits); a collision is retried. */
export function newBookingCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `MQ-${code}`;
}

/** The buyer's bearer token of one booking: 256 random bits; only its SHA-256 is stored. */
export function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccessToken(token) };
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A ticket's QR payload: 128 random bits, base64url (docs/selling.md, "Ticket codes"). */
export function newTicketCode(): string {
  return randomBytes(16).toString('base64url');
}
