import type { BodyOf, QueryOf, ResultOf, RouteDef } from '@marquee/contract';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallOptions, http } from './http';
import type { RouteKey } from './query-keys';
import { toast } from './toasts';

// The generic call signature depends on whether the route has a body; these hooks pass it through.
type AnyCall = (
  route: RouteDef,
  options?: Omit<CallOptions<RouteDef>, 'query' | 'body'> & { query?: unknown; body?: unknown },
) => Promise<{ message: string; result: unknown }>;
const call = http as unknown as AnyCall;

/**
 * Query options for one read of a feature (`categoryKeys.list`): its key from the feature's factory,
 * its call from the key's contract route. A new page keeps the previous one on screen while it loads.
 */
export function routeQuery<S extends string, N extends string, R extends RouteDef>(
  key: RouteKey<S, N, R>,
  query?: QueryOf<R>,
) {
  return queryOptions({
    queryKey: key(query),
    queryFn: async ({ signal }) => (await call(key.route, { query, signal })).result as ResultOf<R>,
    placeholderData: keepPreviousData,
  });
}

/**
 * A list read taken from the URL (`useListParams().query`): address-bar values are plain strings here,
 * so they are not checked against the route's types; the server validates them and a bad one comes back
 * as a 400 naming it.
 */
export function routeListQuery<S extends string, N extends string, R extends RouteDef>(
  key: RouteKey<S, N, R>,
  query: Record<string, unknown>,
) {
  return routeQuery(key, query as QueryOf<R>);
}

export interface RouteMutationOptions {
  /**
   * What the change affects, as key prefixes from the features' factories
   * (`[categoryKeys.all, subcategoryKeys.list.all]`); each cached read under one of them is refreshed.
   */
  invalidates: readonly QueryKey[];
  silentSuccess?: boolean;
}

/**
 * A mutation of one route: refreshes what it names in `invalidates`, then toasts the server's success
 * message. Failures are toasted by the http helper.
 */
export function useRouteMutation<R extends RouteDef>(route: R, options: RouteMutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<R>) => {
      const response = await call(route, { body });
      return response as { message: string; result: ResultOf<R> };
    },
    onSuccess: async (response) => {
      // Refetch first, so the toast announces a change the screen already shows.
      await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!options.silentSuccess) toast.success(response.message);
    },
  });
}
