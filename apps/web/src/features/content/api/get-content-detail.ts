import { type ContentKey, getContentDetail } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function contentQueryOptions(key: ContentKey) {
  return queryOptions({
    queryKey: [getContentDetail.path, { key }],
    queryFn: async ({ signal }) => (await http(getContentDetail, { query: { key }, signal })).result,
    staleTime: 10 * 60_000,
  });
}
