import { markAsPopularCategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { categoryKeys } from './keys';

export const useSetCategoryPopular = () =>
  useRouteMutation(markAsPopularCategory, { invalidates: [categoryKeys.all] });
