import { updateStatusCategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { categoryKeys } from './keys';

export const useSetCategoryStatus = () =>
  useRouteMutation(updateStatusCategory, { invalidates: [categoryKeys.all] });
