/**
 * Leaving the console for the due payment's card page; an object so tests can watch the navigation.
 * (The public checkout has the same two helpers; features may not reach into each other's internals.)
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** A fresh idempotency key; `randomUUID` needs a secure context, so plain-HTTP hosts get the same from random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
