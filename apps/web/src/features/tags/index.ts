// The tags feature's public surface for other features.

export { tagKeys } from './api/keys';
