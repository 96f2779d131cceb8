// The approvals feature's public surface for other features.

export { approvalKeys } from './api/keys';
