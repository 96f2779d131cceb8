import { socialLoginProviders } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { socialKeys } from './keys';

/** The providers the server has configured; an empty list (or a failure) shows no buttons. */
export function socialLoginProvidersQueryOptions() {
  return queryOptions({
    queryKey: socialKeys.providers(),
    // Silent: the login page works without social login, so a failure here is not worth a toast.
    queryFn: async ({ signal }) => (await http(socialLoginProviders, { signal, silent: true })).result,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
