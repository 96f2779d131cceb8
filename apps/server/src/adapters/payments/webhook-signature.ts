import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../lib/errors.js';

/**
 * The sandbox's webhook signature, made like Stripe's: header `sandbox-signature: t=<unix>,v1=<hex>`
 * where the hex is HMAC-SHA256(secret, `${t}.${rawBody}`). Signing the timestamp with the body lets the
 * receiver refuse an old delivery replayed later (outside the tolerance).
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** How far a signature's time may be from the receiver's clock (Stripe's default too). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

export function signWebhook(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

const invalid = (detail: string) =>
  badRequest(`The webhook signature is not valid: ${detail}.`, [
    { field: SANDBOX_SIGNATURE_HEADER, message: detail },
  ]);

function same(hex: string, expected: string): boolean {
  const left = Buffer.from(hex, 'utf8');
  const right = Buffer.from(expected, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throws a 400 unless one `v1` of the header signs this exact body at a time near `now`. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): void {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw invalid(`the ${SANDBOX_SIGNATURE_HEADER} header is missing`);
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const item = rest.join('=');
    if (key === 't' && /^\d{1,12}$/.test(item)) timestamp = Number(item);
    // Several v1 entries are allowed, as while a secret is being rotated.
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(item)) signatures.push(item);
  }
  if (timestamp === null || signatures.length === 0)
    throw invalid('the header has no timestamp or signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw invalid('its timestamp is outside the tolerance');
  }
  const expected = hmac(secret, timestamp, rawBody);
  if (!signatures.some((signature) => same(signature, expected))) {
    throw invalid('it does not match the body');
  }
}
