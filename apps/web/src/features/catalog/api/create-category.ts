import { createCategory } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_CATEGORY_EDIT } from './keys';

export const useCreateCategory = () => useRouteMutation(createCategory, { invalidates: AFTER_CATEGORY_EDIT });
