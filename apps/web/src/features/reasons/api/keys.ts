import { reasonListWithPagination } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const reasonKeys = queryKeys('reasons', {
  list: reasonListWithPagination,
});

export const AFTER_REASON_CHANGE = { invalidates: [reasonKeys.all] };
