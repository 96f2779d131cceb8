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
