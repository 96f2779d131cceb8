import type { BodyOf, QueryOf, ResultOf, RouteDef } from '@marquee/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, http } from './http';
import { toast } from './toasts';

// The generic call signature depends on whether the route has a body; these hooks pass it through.
type AnyCall = (
  route: RouteDef,
  options?: Omit<CallOptions<RouteDef>, 'query' | 'body'> & { query?: unknown; body?: unknown },
) => Promise<{ message: string; result: unknown }>;
const call = http as unknown as AnyCall;

/** Query options for a GET route; the key is the route path plus its query, so lists cache per page. */
export function routeQuery<R extends RouteDef>(route: R, query?: QueryOf<R>) {
  return queryOptions({
    queryKey: [route.path, query ?? {}] as const,
    queryFn: async ({ signal }) => (await call(route, { query, signal })).result as ResultOf<R>,
    placeholderData: keepPreviousData,
  });
}

/**
 * A list route's query taken from the URL (`useListParams().query`): address-bar values are plain
 * strings here, so they are not checked against the route's types; the server validates them and a
 * bad one comes back as a 400 naming it.
 */
export function routeListQuery<R extends RouteDef>(route: R, query: Record<string, unknown>) {
  return routeQuery(route, query as QueryOf<R>);
}

/**
 * A mutation of one route: toasts the server's success message and refreshes the queries whose key
 * is a route path starting with one of `invalidates` (e.g. '/api/v1/admin/category'). Failures are toasted by the http helper.
 */
export function useRouteMutation<R extends RouteDef>(
  route: R,
  options: { invalidates: string[]; silentSuccess?: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<R>) => {
      const response = await call(route, { body });
      return response as { message: string; result: ResultOf<R> };
    },
    onSuccess: async (response) => {
      if (!options.silentSuccess) toast.success(response.message);
      await queryClient.invalidateQueries({
        predicate: (q) => {
          const path = q.queryKey[0];
          return typeof path === 'string' && options.invalidates.some((prefix) => path.startsWith(prefix));
        },
      });
    },
  });
}
