import { updateStatusSubcategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_SUBCATEGORY_CHANGE } from './keys';

export const useSetSubcategoryStatus = () =>
  useRouteMutation(updateStatusSubcategory, AFTER_SUBCATEGORY_CHANGE);
