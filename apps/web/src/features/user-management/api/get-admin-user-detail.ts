import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useUserDetail = (userId: string) => useQuery(routeQuery(userKeys.detail, { userId }));
