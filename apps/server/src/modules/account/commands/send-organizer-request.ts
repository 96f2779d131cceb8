import { type OrganizerRequestBody, toE164 } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import { enqueueEmail } from '../../messages/index.js';
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
    const user = actor.user;
    const content = templates.organizerRequestEmail({
      applicantName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      applicantEmail: user.email,
      organizationName: body.organizationName,
      description: body.description,
      website,
      phone,
    });
    // Every administrator is told, with the request (the message worker sends it once committed).
    for (const admin of await repo.findActiveAdministrators(change.tx)) {
      await enqueueEmail(
        change,
        { to: admin.email, ...content },
        {
          kind: 'organizer-request-notice',
          intentKey: `organizer-request-notice:${user.id}:${change.now.toISOString()}:${admin.id}`,
          data: { userId: user.id },
        },
      );
    }
  });
  return { organizerRequest: 'PENDING' as const };
}
