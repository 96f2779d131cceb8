import type { Actor } from '../../../lib/access/index.js';
import { locked, unauthorized } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps } from '../deps.js';
import { BLOCKED_MESSAGE } from '../messages.js';

/** A session is written to at most this often, so busy sessions do not turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a token to its session and user, or refuses: 401 when it is not valid (an expired or idle
 * session is ended on the way), 423 when the user is blocked.
 */
export async function authenticate(deps: AuthDeps, token: string | undefined): Promise<Actor> {
  const { db, clock, config } = deps;
  if (!token) throw unauthorized('Please sign in to continue.');
  const now = clock.now();
  const found = await repo.findActiveSessionWithUser(db, hashToken(token));
  if (!found) throw unauthorized();
  const { session, user } = found;
  const idleLimit = new Date(session.lastSeenAt.getTime() + config.session.idleHours * 3_600_000);
  if (session.expiresAt <= now || idleLimit <= now) {
    await repo.revokeSession(db, session.id, now);
    throw unauthorized();
  }
  if (user.status === 'BLOCKED') throw locked(BLOCKED_MESSAGE);
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Not awaited: parallel calls of one session would queue on its row lock here, holding their
    // requests (and pool connections) for a note that is only advisory. A failed touch is retried
    // by the next call a minute on.
    void repo.touchSession(db, session.id, now).catch(() => undefined);
  }
  return { session, user };
}
