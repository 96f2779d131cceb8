import { type OrganizerRequestBody, toE164 } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import type { AccountDeps } from '../deps.js';

/**
 * A buyer asks to become an organizer: NONE or REJECTED → PENDING (pending or approved is a 409), the
 * details kept for the reviewer, every administrator told by email.
 */
export async function sendOrganizerRequest(deps: AccountDeps, actor: Actor, body: OrganizerRequestBody) {
  const phone = toE164(body.countryCode, body.phone);
  const website = body.website ? body.website : null;
  await deps.unitOfWork(async (change) => {
    const before = await repo.lockUser(change.tx, actor.user.id);
    const row = await transition(change, repo.organizerRequestMachine, {
      id: actor.user.id,
      to: 'PENDING',
      set: { updatedAt: change.now },
    });
    if (!row) {
      throw conflict(
        actor.user.organizerRequest === 'APPROVED'
          ? 'You are already an organizer.'
          : 'Your organizer request is already waiting for review.',
      );
    }
    const details = {
      organizationName: body.organizationName,
      description: body.description,
      website,
      phone,
    };
    await repo.upsertOrganizerRequestDetails(change.tx, {
      userId: actor.user.id,
      ...details,
      submittedAt: change.now,
    });
    await auditAccount(change, actor.user.id, {
      action: ACCOUNT_AUDIT.organizerRequestSent,
      before: { organizerRequest: before?.organizerRequest ?? null },
      after: { organizerRequest: 'PENDING', details },
    });
  });
  const admins = await repo.findActiveAdministrators(deps.db);
  const user = actor.user;
  const content = templates.organizerRequestEmail({
    applicantName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    applicantEmail: user.email,
    organizationName: body.organizationName,
    description: body.description,
    website,
    phone,
  });
  // The request is stored; an administrator also finds it in user management if a mail is lost.
  for (const admin of admins) {
    await deps.mailer.send({ to: admin.email, ...content }).catch((error) => {
      deps.log.error({ err: error }, 'an organizer-request email to an administrator was not sent');
    });
  }
  return { organizerRequest: 'PENDING' as const };
}
