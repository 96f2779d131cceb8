import { addFavoriteUser } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useAddFavoriteUser = () => useRouteMutation(addFavoriteUser, { invalidates: ORGANIZATION_KEYS });
