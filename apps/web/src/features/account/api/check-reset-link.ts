import { checkResetLink } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { accountKeys } from './keys';

/** What a reset or invitation link is for; silent, the page explains a dead link itself. */
export const checkResetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.resetLink({ token }),
    queryFn: async ({ signal }) =>
      (await http(checkResetLink, { query: { token }, signal, silent: true })).result,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
