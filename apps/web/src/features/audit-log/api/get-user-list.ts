import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { auditLogKeys } from './keys';

/** The first 20 people matching what was typed into the actor picker. */
export const useActorOptions = (search: string) =>
  useQuery(routeListQuery(auditLogKeys.actors, { limit: 20, search: search || undefined, sort: 'name' }));
