import {
  createCategory,
  markAsPopularCategory,
  type QueryOf,
  updateCategory,
  updateStatusCategory,
} from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { categoryKeys, subcategoryKeys } from './keys';

export const useCategoryList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(categoryKeys.list, query));

/** Active categories for pickers; `enabled: false` until the picker is shown. */
export const useCategoryOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...routeQuery(categoryKeys.options, {}), enabled });

export const useAssociableCategories = (query: QueryOf<typeof categoryKeys.associable.route>) =>
  useQuery(routeQuery(categoryKeys.associable, query));

// Subcategory rows show their categories' names, so a renamed category refreshes them too.
const AFTER_EDIT = [categoryKeys.all, subcategoryKeys.all];

export const useCreateCategory = () => useRouteMutation(createCategory, { invalidates: AFTER_EDIT });
export const useUpdateCategory = () => useRouteMutation(updateCategory, { invalidates: AFTER_EDIT });
export const useSetCategoryStatus = () =>
  useRouteMutation(updateStatusCategory, { invalidates: [categoryKeys.all] });
export const useSetCategoryPopular = () =>
  useRouteMutation(markAsPopularCategory, { invalidates: [categoryKeys.all] });
