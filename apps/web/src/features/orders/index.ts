// The orders feature's public surface for other features.

export { eventAttendeesPath, eventOrdersPath, orderDetailsPath } from './paths';
