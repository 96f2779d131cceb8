import { favoriteUserUpdateStatus } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TEAM_CHANGE } from './keys';

export const useUpdateMemberStatus = () =>
  useRouteMutation(favoriteUserUpdateStatus, { invalidates: AFTER_TEAM_CHANGE });
