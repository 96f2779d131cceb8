import type { ChangePasswordBody } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../../lib/passwords.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import type { AccountDeps } from '../deps.js';
import { PASSWORD_WRONG } from '../messages.js';

/** A signed-in user changes their password; their other sessions and open reset links end. */
export async function changePassword(deps: AccountDeps, actor: Actor, body: ChangePasswordBody) {
  const user = actor.user;
  const stored = await repo.passwordHashOf(deps.db, user.id);
  const ok = await verifyPassword(stored, body.currentPassword);
  if (!ok) throw badRequest(PASSWORD_WRONG, [{ field: 'currentPassword', message: PASSWORD_WRONG }]);
  if (body.newPassword === body.currentPassword) {
    const message = 'Choose a new password different from the current one.';
    throw badRequest(message, [{ field: 'newPassword', message }]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  await deps.unitOfWork(async (change) => {
    const { tx, now } = change;
    await repo.setPassword(tx, user.id, passwordHash, now);
    await repo.endOpenResets(tx, user.id, now);
    await repo.revokeUserSessions(tx, user.id, now, actor.session.id);
    await auditAccount(change, user.id, {
      action: ACCOUNT_AUDIT.passwordChanged,
      after: { passwordChangedAt: now, otherSessionsEnded: true },
    });
  });
}
