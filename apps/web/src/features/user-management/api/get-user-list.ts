import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useUserList = (query: Record<string, unknown>) => useQuery(routeListQuery(userKeys.list, query));
