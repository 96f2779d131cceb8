import { getAuditFilterOptions, getAuditLogList, getUserList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const auditLogKeys = queryKeys('audit-log', {
  list: getAuditLogList,
  options: getAuditFilterOptions,
  /** People to filter by (the actor picker searches users). */
  actors: getUserList,
});
