import type { Actor } from '../../../lib/access/index.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps } from '../deps.js';

/** Ends the caller's session. */
export async function signOut(deps: AuthDeps, actor: Actor): Promise<void> {
  await repo.revokeSession(deps.db, actor.session.id, deps.clock.now());
}
