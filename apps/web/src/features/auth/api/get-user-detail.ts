import { getUserDetail } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { sessionKeys } from './keys';

/** The profile's cache entry (the read takes no query), to read, refresh, reset or drop it. */
export const PROFILE_QUERY_KEY = sessionKeys.profile.all;

/** The signed-in user's profile; the admin area renders only once it has loaded. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async ({ signal }) => (await http(getUserDetail, { signal })).result,
    staleTime: 5 * 60_000,
  });
}
