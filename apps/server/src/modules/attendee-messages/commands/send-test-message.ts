import { randomUUID } from 'node:crypto';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { enqueueEmail } from '../../messages/index.js';
import { renderAttendeeEmail } from '../render.js';
import type { AttendeeMessageDeps, Organizer } from './deps.js';
import { spendAllowance } from './quota.js';

export const ATTENDEE_MESSAGE_TEST_KIND = 'attendee-message-test';

/**
 * send-attendee-message-test: the email exactly as attendees would get it, subject marked as a test,
 * to the caller's own address only, through the outbox. It counts one recipient against the
 * organization's daily allowance (not a send of the hour) and is audited.
 */
export function sendAttendeeMessageTest(
  deps: AttendeeMessageDeps,
  organizer: Organizer,
  input: { subject: string; body: string },
): Promise<{ to: string; queuedAt: string }> {
  const { actor } = organizer;
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, actor, organizer.event, 'manage');
    await spendAllowance(change, deps, grant.organization.id, { sends: 0, recipients: 1 });
    const email = renderAttendeeEmail({
      subject: `[Test] ${input.subject}`,
      body: input.body,
      eventTitle: grant.event.title,
      organizationName: grant.organization.name,
    });
    await enqueueEmail(
      change,
      { to: actor.user.email, ...email },
      {
        kind: ATTENDEE_MESSAGE_TEST_KIND,
        intentKey: `${ATTENDEE_MESSAGE_TEST_KIND}:${randomUUID()}`,
        eventId: grant.event.id,
        organizationId: grant.organization.id,
      },
    );
    await change.audit({
      action: 'ATTENDEE_MESSAGE_TEST_SENT',
      entityType: 'EVENT',
      entityId: grant.event.id,
      organizationId: grant.organization.id,
      after: { subject: input.subject, to: actor.user.email },
    });
    return { to: actor.user.email, queuedAt: change.now.toISOString() };
  });
}
