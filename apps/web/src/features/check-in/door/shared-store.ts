import { DoorStore } from './offline-store';

/** One store per page: the queue is the device's, whichever screen scans. */
let pageStore: DoorStore | null = null;

export function sharedDoorStore(): DoorStore {
  pageStore ??= new DoorStore();
  return pageStore;
}
