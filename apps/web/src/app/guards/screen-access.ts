import type { ConsoleRole } from '../../features/auth';
import { mayAccess, type ScreenAccess } from '../../lib/access';
import { sideNavFor } from '../navigation';
import { PATHS } from '../paths';

export type AccessDecision = { kind: 'open' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

/**
 * What the admin area shows at `pathname` for `role`, from the access the matched route declares. A
 * refused screen is not found, as if it did not exist (the server refuses its calls anyway). The
 * dashboard is where the console opens (the empty path, sign-in): a role it is not for is sent to its
 * own first entry instead, so a scanner-only member lands on the door's check-in.
 */
export function screenAccessDecision(
  role: ConsoleRole,
  access: ScreenAccess | undefined,
  pathname: string,
): AccessDecision {
  if (access && mayAccess(role, access)) return { kind: 'open' };
  const home = sideNavFor(role)[0]?.to;
  if (pathname === PATHS.dashboard && home) return { kind: 'redirect', to: home };
  return { kind: 'not-found' };
}
