import { deleteSubcategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_SUBCATEGORY_CHANGE } from './keys';

export const useDeleteSubcategory = () => useRouteMutation(deleteSubcategory, AFTER_SUBCATEGORY_CHANGE);
