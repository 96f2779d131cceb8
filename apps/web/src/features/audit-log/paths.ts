export const AUDIT_LOG_PATHS = {
  auditLog: '/audit-log',
} as const;

/** The audit log narrowed to one entity (a user's history from their detail). */
export const auditLogPath = (filters: { entityType?: string; entityId?: string } = {}) => {
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return `/audit-log${query ? `?${query}` : ''}`;
};
