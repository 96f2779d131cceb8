import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { consoleRoleOf, useSessionProfile } from '../../features/auth';
import { declaredAccess } from '../../lib/routing';
import { screenAccessDecision } from './screen-access';

/**
 * The screen of the admin area, if the signed-in role may open it as the screen's route declares
 * (`consoleScreen(path, access, …)`); inside the admin layout, so a refusal keeps the navigation.
 */
export function ScreenAccessGate() {
  const profile = useSessionProfile();
  const { pathname } = useLocation();
  const matches = useMatches();
  // The session guard only lets profiles with console access in, so a role always exists here.
  const role = consoleRoleOf(profile) ?? 'MEMBER';
  // The screen is the deepest match; a route that declares nothing is refused (fail closed).
  const access = declaredAccess(matches.at(-1)?.handle);
  const decision = screenAccessDecision(role, access, pathname);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'not-found') return <NotFoundMessage />;
  return <Outlet />;
}
