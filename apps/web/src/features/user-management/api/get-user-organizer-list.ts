import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useUserOrganizations = (userId: string) =>
  useQuery(routeQuery(userKeys.organizations, { userId }));
