import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** Browser-stored: this device's own id for the scan history (docs/security.md lists every stored item). */
export const DEVICE_ID_KEY = 'marquee.checkInDeviceId';

let memoryId: string | null = null;

/**
 * This browser's door device id, made once and kept, so the history can tell two phones at one door
 * apart. A short readable name ("Door-3f2a1b") rather than a bare UUID: it is shown to people.
 * Storage refused (private mode): one id for this page's life.
 */
export function getDeviceId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const made = `Door-${newIdempotencyKey().slice(0, 6)}`;
    globalThis.localStorage?.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    memoryId ??= `Door-${newIdempotencyKey().slice(0, 6)}`;
    return memoryId;
  }
}
