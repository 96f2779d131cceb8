import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A feature's screens, by the area of the console they sit in: the account area needs no session,
 * the admin area sits behind the session guard and the admin layout, and the public area (pages for
 * anyone with a link, such as an event's page) has neither a session nor the console's chrome.
 */
export interface FeatureRoutes {
  account?: RouteObject[];
  admin?: RouteObject[];
  public?: RouteObject[];
}

/**
 * A screen at `path` (an absolute console path such as '/banner-management/new') whose component lives
 * in its own chunk, loaded on first visit.
 */
export function lazyScreen<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  return { path: path.replace(/^\//, ''), lazy: lazyComponent(load, pick) };
}

/** The `lazy` of a route whose component is loaded on first visit. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** Every absolute path registered in `routes` (the catch-all and pathless routes excluded). */
export function registeredPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [`/${route.path}`] : []),
    ...registeredPaths(route.children ?? []),
  ]);
}
