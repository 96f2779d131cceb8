import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ScreenAccess } from './access';

/**
 * A feature's screens, by the area of the console they sit in: the account area needs no session,
 * the admin area sits behind the session guard and the admin layout, and the public area (pages for
 * anyone with a link, such as an event's page) has neither a session nor the console's chrome.
 */
export interface FeatureRoutes {
  account?: RouteObject[];
  admin?: ConsoleScreen[];
  public?: RouteObject[];
}

/** What a console screen's route declares: who may open it. The guard and the navigation read it. */
export interface ScreenHandle {
  access: ScreenAccess;
}

/** A screen of the admin area: a route that declares its access (the type makes it impossible to forget). */
export type ConsoleScreen = RouteObject & { handle: ScreenHandle };

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

/**
 * A screen of the admin area at `path`, open to the roles of `access` (lib/access.ts). This declaration
 * is the only place that says who may see the screen: the guard refuses everyone else and the side
 * navigation shows the screen's entry only to those it lets in. Its code comes with Mantine's whole
 * stylesheet unless `mantineStyles` is `'console'` (see `loadWholeMantineStyles`).
 */
export function consoleScreen<M>(
  path: string,
  access: ScreenAccess,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options: { mantineStyles?: 'whole' | 'console' } = {},
): ConsoleScreen {
  const withStyles =
    options.mantineStyles === 'console'
      ? load
      : async () => (await Promise.all([load(), loadWholeMantineStyles()]))[0];
  return { ...lazyScreen(path, withStyles, pick), handle: { access } };
}

/**
 * Mantine's whole stylesheet (styles/mantine-all.css), fetched beside a screen's code: the admin layout
 * carries only the part of it the layout and the dashboard use (styles/mantine-console.css), so that the
 * console's home paints sooner on a phone (docs/performance.md, "The bench, fourth round"). A screen
 * renders once both have come (Vite's import waits for a chunk's stylesheet); `mantineStyles: 'console'`
 * leaves it out for a screen that uses only the subset, which the build checks (bundle-report.ts,
 * `unstyledOnDashboard`).
 */
export function loadWholeMantineStyles(): Promise<unknown> {
  return import('../styles/whole-mantine');
}

/** The access a matched route declares (`handle.access`), if it is a console screen. */
export function declaredAccess(handle: unknown): ScreenAccess | undefined {
  return (handle as Partial<ScreenHandle> | undefined)?.access;
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
