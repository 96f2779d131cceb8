import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useCreatedEvents = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(userKeys.createdEvents, query));
