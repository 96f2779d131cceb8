import type { QueryOf, RouteDef } from '@marquee/contract';

/**
 * The key of one read of a feature: `['categories', 'list', query]`. It remembers its contract route, so
 * `routeQuery(key, query)` knows what to call and what the query's type is. `key.all` is the prefix of
 * every call of that read (all pages of a list), for invalidation.
 */
export interface RouteKey<S extends string, N extends string, R extends RouteDef> {
  (query?: QueryOf<R>): readonly [S, N, QueryOf<R> | Record<string, never>];
  readonly all: readonly [S, N];
  readonly route: R;
}

/** A feature's keys: `all` (everything the feature cached) plus one `RouteKey` per read. */
export type QueryKeys<S extends string, Reads extends Record<string, RouteDef>> = {
  readonly all: readonly [S];
} & { readonly [N in keyof Reads & string]: RouteKey<S, N, Reads[N]> };

/**
 * One typed key factory per feature, made from the contract routes it reads:
 *
 *     export const categoryKeys = queryKeys('categories', { list: categoryListWithPagination, options: getCategoryList });
 *     categoryKeys.all            // ['categories']: any change to categories
 *     categoryKeys.list.all       // ['categories', 'list']: every page of the list
 *     categoryKeys.list({ page }) // one page
 *
 * A change names what it affects with these prefixes (`invalidates: [categoryKeys.all, tagKeys.list.all]`);
 * other features reach a factory through the owning feature's index.ts. The scope is the feature's name
 * (unique across the console); keys are never URL strings, so a moved route does not break invalidation.
 */
export function queryKeys<const S extends string, const Reads extends Record<string, RouteDef>>(
  scope: S,
  reads: Reads,
): QueryKeys<S, Reads> {
  const keys: Record<string, unknown> = { all: [scope] as const };
  for (const [name, route] of Object.entries(reads)) {
    const key = (query?: unknown) => [scope, name, query ?? {}] as const;
    keys[name] = Object.assign(key, { all: [scope, name] as const, route });
  }
  return keys as QueryKeys<S, Reads>;
}
