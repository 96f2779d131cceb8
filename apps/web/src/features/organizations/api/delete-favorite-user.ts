import { deleteFavoriteUser } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TEAM_CHANGE } from './keys';

export const useDeleteMember = () => useRouteMutation(deleteFavoriteUser, { invalidates: AFTER_TEAM_CHANGE });
