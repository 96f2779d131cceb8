import { updateSubcategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_SUBCATEGORY_CHANGE } from './keys';

export const useUpdateSubcategory = () => useRouteMutation(updateSubcategory, AFTER_SUBCATEGORY_CHANGE);
