import { favoriteUserUpdateStatus } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useUpdateMemberStatus = () =>
  useRouteMutation(favoriteUserUpdateStatus, { invalidates: ORGANIZATION_KEYS });
