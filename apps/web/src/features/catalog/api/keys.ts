import {
  associateCategoryList,
  categoryListWithPagination,
  getCategoryList,
  subcategoryListWithPagination,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const categoryKeys = queryKeys('categories', {
  list: categoryListWithPagination,
  /** Active categories, for pickers. */
  options: getCategoryList,
  /** The categories a subcategory can belong to (its own included when editing). */
  associable: associateCategoryList,
});

export const subcategoryKeys = queryKeys('subcategories', {
  list: subcategoryListWithPagination,
});

// Subcategory rows show their categories' names, so a renamed category refreshes them too.
export const AFTER_CATEGORY_EDIT = [categoryKeys.all, subcategoryKeys.all];

// A category's list and pickers count and filter its subcategories.
export const AFTER_SUBCATEGORY_CHANGE = { invalidates: [subcategoryKeys.all, categoryKeys.all] };
