import { publicEventDetail } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

/**
 * The event as buyers see it: dates, ticket types with fees, what is left. Silent: the page itself says
 * what went wrong (a friendly not-found, a Retry), so a toast would say it twice.
 */
export const publicEventQuery = (event: string) =>
  queryOptions({
    queryKey: publicEventKeys.detail({ event }),
    queryFn: async ({ signal }) =>
      (await http(publicEventDetail, { query: { event }, signal, silent: true })).result,
    // A 404 (not found, private link mistyped, blocked) will not change on a retry.
    retry: false,
  });
