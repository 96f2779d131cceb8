import { getContentDetail, getContentList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const contentKeys = queryKeys('content', {
  list: getContentList,
  detail: getContentDetail,
});
