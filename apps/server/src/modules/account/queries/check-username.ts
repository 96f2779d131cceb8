import type { Actor } from '../../../lib/access/index.js';
import * as repo from '../account.repo.js';
import type { AccountDeps } from '../deps.js';

/** Whether a username is free (or already the actor's own). */
export async function checkUsername(deps: AccountDeps, actor: Actor, username: string) {
  const found = await repo.findUserByUsername(deps.db, username);
  return { username, available: !found || found.id === actor.user.id };
}
