// The audit log's public surface for other features: changes that write audit entries refresh it.

export { auditLogKeys } from './api/keys';
