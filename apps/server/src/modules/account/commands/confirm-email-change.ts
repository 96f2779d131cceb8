import { badRequest, conflict } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import { hashToken } from '../../../lib/tokens.js';
import { enqueueEmail } from '../../messages/index.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import type { AccountDeps } from '../deps.js';
import { EMAIL_CHANGE_INVALID, EMAIL_TAKEN } from '../messages.js';
import { takenErrors } from '../taken.js';

/** The link sent to a new address was used: it becomes the email, and the old address is told. */
export async function confirmEmailChange(deps: AccountDeps, tokenValue: string) {
  let changed: { newEmail: string };
  try {
    changed = await deps.unitOfWork(async (change) => {
      const { tx, now } = change;
      const token = await repo.consumeAccountToken(tx, hashToken(tokenValue), now, ['EMAIL_CHANGE']);
      if (!token?.newEmail) throw badRequest(EMAIL_CHANGE_INVALID);
      const found = await repo.findUserById(tx, token.userId);
      if (!found) throw badRequest(EMAIL_CHANGE_INVALID);
      const taken = await repo.findUserByEmail(tx, token.newEmail);
      if (taken && taken.id !== found.id) throw conflict(EMAIL_TAKEN);
      await repo.updateUser(tx, found.id, { email: token.newEmail, updatedAt: now });
      // Reset links mailed to the old address must not outlive it.
      await repo.endOpenResets(tx, found.id, now);
      await auditAccount(change, found.id, {
        action: ACCOUNT_AUDIT.emailChanged,
        before: { email: found.email },
        after: { email: token.newEmail },
      });
      // The old address is told, with the change (sent by the message worker once it has committed).
      const notice = templates.emailChangedNotice({ firstName: found.firstName, newEmail: token.newEmail });
      await enqueueEmail(
        change,
        { to: found.email, ...notice },
        {
          kind: 'email-changed-notice',
          intentKey: `email-changed-notice:${token.id}`,
          data: { userId: found.id },
        },
      );
      return { newEmail: token.newEmail };
    });
  } catch (error) {
    throw takenErrors(error);
  }
  return { email: changed.newEmail };
}
