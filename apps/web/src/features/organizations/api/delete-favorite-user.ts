import { deleteFavoriteUser } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useDeleteMember = () => useRouteMutation(deleteFavoriteUser, { invalidates: ORGANIZATION_KEYS });
