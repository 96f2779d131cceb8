// The door module's surface for the check-in screen.

export { getDeviceId } from './device-id';
export { readWithOfflineCopy } from './offline-reads';
export { type DoorResult, type DoorScanner, useDoorScanner } from './use-door-scanner';
