import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useOrganizerList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(userKeys.organizers, query));
