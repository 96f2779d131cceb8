import { tagListWithPagination } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const tagKeys = queryKeys('tags', {
  list: tagListWithPagination,
});

export const AFTER_TAG_CHANGE = { invalidates: [tagKeys.all] };
