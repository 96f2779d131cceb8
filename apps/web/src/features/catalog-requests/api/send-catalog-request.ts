import { categoryRequest, subcategoryRequest, tagRequest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { catalogRequestKeys } from './keys';

const AFTER_REQUEST_SENT = { invalidates: [catalogRequestKeys.all] };

/** An organizer's request for a new category, subcategory or tag, by kind. */
export const useSendCatalogRequest = () => ({
  CATEGORY: useRouteMutation(categoryRequest, AFTER_REQUEST_SENT),
  SUBCATEGORY: useRouteMutation(subcategoryRequest, AFTER_REQUEST_SENT),
  TAG: useRouteMutation(tagRequest, AFTER_REQUEST_SENT),
});
