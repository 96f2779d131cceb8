import { createSubcategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_SUBCATEGORY_CHANGE } from './keys';

export const useCreateSubcategory = () => useRouteMutation(createSubcategory, AFTER_SUBCATEGORY_CHANGE);
