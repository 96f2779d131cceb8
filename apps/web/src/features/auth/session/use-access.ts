import { mayAccess, type ScreenAccess } from '../../../lib/access';
import { consoleRoleOf } from './console-role';
import { useSessionProfile } from './session-profile';

/**
 * Whether the signed-in profile may use something a screen offers only to some of the roles that can
 * open it (an administrator's bulk actions on a list everyone sees). Who may open a screen at all is
 * declared on its route and enforced by the app's guard, never checked again inside the page.
 */
export function useMayAccess(access: ScreenAccess): boolean {
  return mayAccess(consoleRoleOf(useSessionProfile()), access);
}
