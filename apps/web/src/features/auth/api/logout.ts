import { HEADERS } from '@marquee/contract';
import { http } from '../../../lib/http';

/**
 * Revokes a session on the server. Takes the token explicitly because the local session is cleared
 * first (logging out must not wait for the network); failures are ignored, the token is gone locally.
 */
export async function revokeSession(accessToken: string): Promise<void> {
  // The route (its schema, and zod) loads with the first logout: the shell that logs out is in the login
  // screen's first download (docs/performance.md, "Console").
  try {
    const { logout } = await import('./auth-contract');
    await http(logout, { silent: true, headers: { [HEADERS.accessToken]: accessToken } });
  } catch {
    // Ignored: the token is gone locally.
  }
}
