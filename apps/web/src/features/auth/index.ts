// The auth feature's public surface for the app shell and other features.

export { startProfile } from './api/early-profile';
export { PROFILE_QUERY_KEY, profileQueryOptions } from './api/get-user-detail';
export { NoConsoleAccess } from './components/NoConsoleAccess';
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
