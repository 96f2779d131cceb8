import type { LoginBody, LoginResult } from '@marquee/contract';
import { badRequest, locked } from '../../../lib/errors.js';
import { verifyPassword } from '../../../lib/passwords.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps, SessionMeta } from '../deps.js';
import { BLOCKED_MESSAGE, INVALID_CREDENTIALS, lockedMessage } from '../messages.js';
import { startSession } from './start-session.js';

/**
 * Sign-in with an email or username and a password. Every attempt is counted before the password is
 * compared (a guarded statement of its own, kept when the attempt then fails), and the account locks on
 * the last allowed failure.
 */
export async function signIn(deps: AuthDeps, input: LoginBody, meta: SessionMeta): Promise<LoginResult> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const found = await repo.findUserByLogin(db, input.email);
  if (!found) {
    // The same hashing work as for a known account, so timing tells nothing.
    await verifyPassword(null, input.password);
    throw badRequest(INVALID_CREDENTIALS);
  }
  const lockUntil = new Date(now.getTime() + config.login.lockMinutes * 60_000);
  const user = await repo.claimLoginAttempt(db, {
    userId: found.id,
    maxFailures: config.login.maxFailures,
    lockUntil,
    now,
  });
  if (!user) {
    const current = await repo.findUserByLogin(db, input.email);
    throw locked(lockedMessage(current?.lockedUntil ?? lockUntil, now));
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (user.lockedUntil && user.lockedUntil > now) throw locked(lockedMessage(user.lockedUntil, now));
    throw badRequest(INVALID_CREDENTIALS);
  }
  await repo.clearFailedLogins(db, user.id);
  // Checked only after the password, so the account's state is told to its owner alone.
  if (user.status === 'BLOCKED') throw locked(BLOCKED_MESSAGE);

  const token = await startSession(deps, user, meta);
  return { accessToken: token, _id: user.id, organizerRequest: user.organizerRequest };
}
