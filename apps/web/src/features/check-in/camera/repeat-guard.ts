/** How long a code just read is ignored, so a ticket held in front of the camera is not rescanned. */
export const REPEAT_WINDOW_MS = 3_000;

/**
 * Lets a code through unless the same code was let through less than `windowMs` ago. A different code
 * passes at once (the next person in the queue); the same one again after the window (a real rescan).
 */
export function createRepeatGuard(windowMs = REPEAT_WINDOW_MS, now: () => number = Date.now) {
  let last: { code: string; at: number } | null = null;
  return {
    accept(code: string): boolean {
      const at = now();
      if (last && last.code === code && at - last.at < windowMs) return false;
      last = { code, at };
      return true;
    },
    reset() {
      last = null;
    },
  };
}
