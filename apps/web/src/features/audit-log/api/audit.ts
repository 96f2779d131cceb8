import { useQuery } from '@tanstack/react-query';
import { routeListQuery, routeQuery } from '../../../lib/api-hooks';
import { auditLogKeys } from './keys';

export const useAuditLog = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(auditLogKeys.list, query));
export const useAuditFilterOptions = () => useQuery(routeQuery(auditLogKeys.options, undefined as never));
/** The first 20 people matching what was typed into the actor picker. */
export const useActorOptions = (search: string) =>
  useQuery(routeListQuery(auditLogKeys.actors, { limit: 20, search: search || undefined, sort: 'name' }));
