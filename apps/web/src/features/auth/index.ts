// The auth feature's public surface for the app shell and other features.
import { lazy } from 'react';

export { startProfile } from './api/early-profile';
export { PROFILE_QUERY_KEY, profileQueryOptions } from './api/get-user-detail';

/**
 * Shown instead of the admin area to a signed-in buyer (wrap it in a Suspense boundary): its code, with
 * the organizer request's form, loads only then, not with every organizer's and administrator's first
 * screen (docs/performance.md, "The dashboard's first paint").
 */
export const NoConsoleAccess = /* @__PURE__ */ lazy(() =>
  import('./components/NoConsoleAccess').then((m) => ({ default: m.NoConsoleAccess })),
);
export {
  CONSOLE_ROLE_LABELS,
  type ConsoleRole,
  consoleRoleOf,
  fullNameOf,
  ORGANIZER_REQUEST_LABELS,
} from './session/console-role';
export { type LogoutDeps, type LogoutOptions, performLogout, useLogout } from './session/logout';
export { loginPathFor, REDIRECT_PARAM, redirectTargetFrom } from './session/redirect';
export { SessionProfileProvider, useSessionProfile } from './session/session-profile';
export { useMayAccess } from './session/use-access';
