// The check-in feature's public surface for other features.

export { CHECK_IN_PATHS, eventCheckInPath, scanHistoryPath } from './paths';
