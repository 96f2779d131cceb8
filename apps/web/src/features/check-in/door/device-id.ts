import { getDoorDeviceId, saveDoorDeviceId } from '../../../lib/storage';

// No 0/O or 1/I: people read the id off a screen and say it aloud. 32 letters, so a byte's low five
// bits pick one evenly.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const LENGTH = 6;
const SHAPE = /^Door-[2-9A-HJ-NP-Z]{6}$/;

/** Kept for this page when storage refuses (some private modes): the id then lasts until a reload. */
let unstored: string | null = null;

export function newDeviceId(randomBytes: (n: number) => Uint8Array = randomBytesOf): string {
  const bytes = randomBytes(LENGTH);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return `Door-${id}`;
}

function randomBytesOf(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * This browser's name at the door ("Door-7F3K2A"): made once and kept in localStorage, so the scan
 * history and "already scanned … at Door-7F3K2A" can tell the devices of one event apart. It is not a
 * secret and proves nothing; the scan is still made by the signed-in person.
 */
export function getDeviceId(): string {
  const stored = getDoorDeviceId();
  if (stored && SHAPE.test(stored)) return stored;
  if (unstored) return unstored;
  const made = newDeviceId();
  if (!saveDoorDeviceId(made)) unstored = made;
  return made;
}
