import { markAsPopularSubcategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_SUBCATEGORY_CHANGE } from './keys';

export const useSetSubcategoryPopular = () =>
  useRouteMutation(markAsPopularSubcategory, AFTER_SUBCATEGORY_CHANGE);
