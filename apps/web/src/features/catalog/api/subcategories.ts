import {
  createSubcategory,
  deleteSubcategory,
  markAsPopularSubcategory,
  updateStatusSubcategory,
  updateSubcategory,
} from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, useRouteMutation } from '../../../lib/api-hooks';
import { categoryKeys, subcategoryKeys } from './keys';

export const useSubcategoryList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(subcategoryKeys.list, query));

// A category's list and pickers count and filter its subcategories.
const AFTER_CHANGE = { invalidates: [subcategoryKeys.all, categoryKeys.all] };

export const useCreateSubcategory = () => useRouteMutation(createSubcategory, AFTER_CHANGE);
export const useUpdateSubcategory = () => useRouteMutation(updateSubcategory, AFTER_CHANGE);
export const useSetSubcategoryStatus = () => useRouteMutation(updateStatusSubcategory, AFTER_CHANGE);
export const useSetSubcategoryPopular = () => useRouteMutation(markAsPopularSubcategory, AFTER_CHANGE);
export const useDeleteSubcategory = () => useRouteMutation(deleteSubcategory, AFTER_CHANGE);
