import { HEADERS, logout } from '@marquee/contract';
import { http } from '../../../lib/http';

/**
 * Revokes a session on the server. Takes the token explicitly because the local session is cleared
 * first (logging out must not wait for the network); failures are ignored, the token is gone locally.
 */
export async function revokeSession(accessToken: string): Promise<void> {
  await http(logout, { silent: true, headers: { [HEADERS.accessToken]: accessToken } }).catch(
    () => undefined,
  );
}
