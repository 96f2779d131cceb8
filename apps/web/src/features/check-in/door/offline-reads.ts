import { isNoAnswer } from '../../../lib/http';
import { sharedDoorStore } from './shared-store';

/**
 * A read the door screen needs to open with no network (the caller's check-in events and their dates,
 * a date's last counts):
 * its answer is kept on the device each time it arrives, and when the network gives no answer the kept
 * one stands in. Error answers (no access, not found) are never covered up. The kept answer is the
 * last one seen; the screen says it is offline, so nobody takes it for live.
 */
export async function readWithOfflineCopy<T>(key: readonly unknown[], read: () => Promise<T>): Promise<T> {
  const id = JSON.stringify(key);
  try {
    const value = await read();
    sharedDoorStore()
      .keepSnapshot(id, value)
      .catch(() => {
        // No IndexedDB: the screen works online only.
      });
    return value;
  } catch (error) {
    if (!isNoAnswer(error)) throw error;
    const kept = await sharedDoorStore()
      .snapshot(id)
      .catch(() => undefined);
    if (kept === undefined) throw error;
    return kept.value as T;
  }
}
