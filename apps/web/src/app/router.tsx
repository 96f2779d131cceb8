import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/PageLoader';
import { startProfile } from '../features/auth';
import { lazyComponent } from '../lib/routing';
import { accountAreaRoutes, adminAreaRoutes, publicAreaRoutes } from './feature-routes';
import { RootLayout } from './layouts/RootLayout';
import { PATHS } from './paths';
import { RouteErrorPage } from './routes/RouteErrorPage';

/**
 * The console's routes: the three areas and their layouts here, each feature's screens from its own
 * `routes.ts` (app/feature-routes.ts). Only screens that exist are registered; docs/routes.md holds the
 * whole planned map, and `BUILT_SCREENS` in paths.ts is read from the same feature routes.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageLoader,
    children: [
      // The empty path belongs to the admin area, whose home is the dashboard (spec section 2).
      { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
      {
        id: 'account',
        lazy: lazyComponent(
          () => import('./layouts/AccountLayout'),
          (m) => m.AccountLayout,
        ),
        children: accountAreaRoutes,
      },
      // Pages for anyone with a link (an event's public page): no session needed, none of the console's
      // chrome; each screen brings its own frame. A signed-in visitor's token is still sent by the http helper.
      { id: 'public', children: publicAreaRoutes },
      {
        id: 'admin',
        // The profile is asked for as the area matches, alongside the guard's and the screen's code:
        // nothing of the area renders before it has loaded (features/auth/api/early-profile.ts).
        lazy: lazyComponent(
          () => {
            startProfile();
            return import('./guards/RequireSession');
          },
          (m) => m.RequireSession,
        ),
        children: adminAreaRoutes,
      },
      {
        path: '*',
        lazy: lazyComponent(
          () => import('./routes/NotFoundPage'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
