import { updateCategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_CATEGORY_EDIT } from './keys';

export const useUpdateCategory = () => useRouteMutation(updateCategory, { invalidates: AFTER_CATEGORY_EDIT });
