import { checkUsername } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { accountKeys } from './keys';

/** Live availability of a username; silent, the form shows the answer beside the field. */
export function checkUsernameQueryOptions(username: string) {
  return queryOptions({
    queryKey: accountKeys.usernameCheck({ username: username.toLowerCase() }),
    queryFn: async ({ signal }) =>
      (await http(checkUsername, { query: { username }, signal, silent: true })).result,
    staleTime: 10_000,
  });
}
