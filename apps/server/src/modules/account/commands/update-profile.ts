import { EMAIL_CHANGE_HOURS, type UpdateProfileBody } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { verifyPassword } from '../../../lib/passwords.js';
import { templates } from '../../../lib/templates.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import { deliver } from '../delivery.js';
import type { AccountDeps } from '../deps.js';
import { EMAIL_TAKEN, PASSWORD_FOR_EMAIL, PASSWORD_WRONG, USERNAME_TAKEN } from '../messages.js';
import { takenErrors } from '../taken.js';

/**
 * Names, username and avatar change at once. A new email address does not: it needs the current
 * password, and becomes the account's address only when the link sent to it is used, so nobody can
 * claim an address (and the invitations sent to it) without reading its mail.
 */
export async function updateProfile(deps: AccountDeps, actor: Actor, body: UpdateProfileBody) {
  const user = actor.user;
  const emailChanges = body.email.toLowerCase() !== user.email.toLowerCase();
  const [byUsername, byEmail] = await Promise.all([
    repo.findUserByUsername(deps.db, body.username),
    repo.findUserByEmail(deps.db, body.email),
  ]);
  const errors: { field: string; message: string }[] = [];
  if (byUsername && byUsername.id !== user.id) errors.push({ field: 'username', message: USERNAME_TAKEN });
  if (byEmail && byEmail.id !== user.id) errors.push({ field: 'email', message: EMAIL_TAKEN });
  if (errors.length > 0) throw new AppError(409, errors.map((e) => e.message).join(' '), errors);
  if (emailChanges) {
    if (!body.currentPassword)
      throw badRequest(PASSWORD_FOR_EMAIL, [{ field: 'currentPassword', message: PASSWORD_FOR_EMAIL }]);
    const stored = await repo.passwordHashOf(deps.db, user.id);
    if (!(await verifyPassword(stored, body.currentPassword)))
      throw badRequest(PASSWORD_WRONG, [{ field: 'currentPassword', message: PASSWORD_WRONG }]);
  }
  const link = newToken();
  try {
    await deps.unitOfWork(async (change) => {
      const { tx, now } = change;
      const values = {
        firstName: body.firstName,
        lastName: body.lastName,
        username: body.username,
        // Only a change of letter case is taken at once: it is the same address.
        ...(emailChanges ? {} : { email: body.email }),
        ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      };
      await repo.updateUser(tx, user.id, { ...values, updatedAt: now });
      const { before, after } = changedFields(user, values);
      // The new address is only asked for here: the entry names it, and EMAIL_CHANGED follows its link.
      if (emailChanges) Object.assign(after, { pendingEmail: body.email });
      if (Object.keys(after).length > 0) {
        await auditAccount(change, user.id, { action: ACCOUNT_AUDIT.profileUpdated, before, after });
      }
      if (emailChanges) {
        await repo.endOpenEmailChanges(tx, user.id, now);
        await repo.insertAccountToken(tx, {
          userId: user.id,
          purpose: 'EMAIL_CHANGE',
          newEmail: body.email,
          tokenHash: hashToken(link),
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000),
          createdAt: now,
        });
      }
    });
  } catch (error) {
    throw takenErrors(error);
  }
  if (!emailChanges) return { pendingEmail: null };
  const content = templates.emailChangeConfirmation({
    firstName: body.firstName,
    newEmail: body.email,
    url: `${deps.config.publicUrl}/confirm-email/${link}`,
    hours: EMAIL_CHANGE_HOURS,
  });
  await deliver(deps, () => deps.mailer.send({ to: body.email, ...content }));
  return { pendingEmail: body.email };
}

/** The profile fields whose value differs, before and after (what the audit entry shows). */
function changedFields(current: Record<string, unknown>, next: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if ((current[key] ?? null) === (value ?? null)) continue;
    before[key] = current[key] ?? null;
    after[key] = value ?? null;
  }
  return { before, after };
}
