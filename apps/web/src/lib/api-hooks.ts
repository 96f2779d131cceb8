import { type BodyOf, HEADERS, type QueryOf, type ResultOf, type RouteDef } from '@marquee/contract';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { type CallOptions, http } from './http';
import { newIdempotencyKey } from './idempotency-key';
import type { RouteKey } from './query-keys';
import { toast } from './toasts';

// The generic call signature depends on whether the route has a body; these hooks pass it through.
type AnyCall = (
  route: RouteDef,
  options?: Omit<CallOptions<RouteDef>, 'query' | 'body'> & { query?: unknown; body?: unknown },
) => Promise<{ message: string; result: unknown }>;
const call = http as unknown as AnyCall;

/**
 * Query options for one read of a feature (`bannerKeys.detail`): its key from the feature's factory,
 * its call from the key's contract route. Another record (another id) shows its loading state while it
 * loads, never the previous record: a detail screen must not let someone act on the wrong one.
 */
export function routeQuery<S extends string, N extends string, R extends RouteDef>(
  key: RouteKey<S, N, R>,
  query?: QueryOf<R>,
) {
  return queryOptions({
    queryKey: key(query),
    queryFn: async ({ signal }) => (await call(key.route, { query, signal })).result as ResultOf<R>,
  });
}

/**
 * Query options for a list (a page, a search of a picker): the next page or search keeps the previous
 * one on screen while it loads, so the table and the options do not flash empty. A query taken from the
 * URL (`useListParams().query`) holds plain strings, not checked against the route's types here; the
 * server validates them and a bad one comes back as a 400 naming it.
 */
export function routeListQuery<S extends string, N extends string, R extends RouteDef>(
  key: RouteKey<S, N, R>,
  query: QueryOf<R> | Record<string, unknown>,
) {
  return queryOptions({ ...routeQuery(key, query as QueryOf<R>), placeholderData: keepPreviousData });
}

export interface RouteMutationOptions {
  /**
   * What the change affects, as key prefixes from the features' factories
   * (`[categoryKeys.all, subcategoryKeys.list.all]`); each cached read under one of them is refreshed.
   */
  invalidates: readonly QueryKey[];
  silentSuccess?: boolean;
  /**
   * For calls that move money or seats: every call carries an idempotency key (header
   * `idempotency-key`) that belongs to one intent of the user, made when the screen or dialog that
   * holds the mutation opens. Sending again (Retry after a lost answer or a timeout, a second click) is
   * the same intent with the same key: the server answers the first result instead of refunding or
   * charging twice, and refuses the key with another body (409) rather than guess. A success ends the
   * intent; the next change from the same screen gets a new key. A failed call's key is released by the
   * server, so a corrected retry under it runs afresh.
   */
  idempotent?: boolean;
}

/** The idempotency key of the current intent: one per mounted hook (a screen, a dialog) until a success. */
function useIntentKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    settled: () => {
      key.current = null;
    },
  };
}

/**
 * A mutation of one route: refreshes what it names in `invalidates`, then toasts the server's success
 * message. Failures are toasted by the http helper.
 */
export function useRouteMutation<R extends RouteDef>(route: R, options: RouteMutationOptions) {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (body: BodyOf<R>) => {
      const headers = options.idempotent ? { [HEADERS.idempotencyKey]: intent.current() } : undefined;
      const response = await call(route, { body, headers });
      return response as { message: string; result: ResultOf<R> };
    },
    onSuccess: async (response) => {
      intent.settled();
      // Refetch first, so the toast announces a change the screen already shows.
      await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!options.silentSuccess) toast.success(response.message);
    },
  });
}
