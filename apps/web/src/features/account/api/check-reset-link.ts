import { checkResetLink } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** What a reset or invitation link is for; silent, the page explains a dead link itself. */
export const checkResetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [checkResetLink.path, { token }],
    queryFn: async ({ signal }) =>
      (await http(checkResetLink, { query: { token }, signal, silent: true })).result,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
