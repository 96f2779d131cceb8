import { reasonListWithPagination } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const reasonKeys = queryKeys('reasons', {
  list: reasonListWithPagination,
});
