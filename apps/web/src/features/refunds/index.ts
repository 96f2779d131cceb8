// The refunds feature's public surface for other features.

export { issueEventRefundPath } from './paths';
