import { addFavoriteUser } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TEAM_CHANGE } from './keys';

export const useAddFavoriteUser = () => useRouteMutation(addFavoriteUser, { invalidates: AFTER_TEAM_CHANGE });
