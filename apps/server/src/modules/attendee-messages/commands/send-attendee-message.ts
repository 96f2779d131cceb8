import { type AttendeeMessageSummary, ATTENDEE_MESSAGE_MESSAGES as M } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { enqueueMessages } from '../../messages/index.js';
import { type AudienceInput, resolveAudience } from '../audience.js';
import { ATTENDEE_MESSAGE_KIND, attendeeMessageSummary } from '../queries/attendee-message-list.js';
import { audienceRecipients, insertAttendeeMessage, messageByRequestKey } from '../repo.js';
import type { AttendeeMessageDeps, Organizer } from './deps.js';
import { spendAllowance } from './quota.js';

export interface SendInput extends AudienceInput {
  eventId: string;
  subject: string;
  body: string;
}

const displayName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * send-attendee-message: one unit of work records the send, takes it from the organization's
 * allowance, enqueues one email per distinct address of the audience (intent: the send and the
 * address) and audits it. A retry with the caller's idempotency key finds the first send and enqueues
 * nothing more, even after the key's stored answer is gone.
 */
export async function sendAttendeeMessage(
  deps: AttendeeMessageDeps,
  organizer: Organizer,
  input: SendInput,
  requestKey: string | null,
): Promise<AttendeeMessageSummary> {
  const { actor } = organizer;
  const event = organizer.event.event;
  const audience = await resolveAudience(deps.db, event, input);
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, actor, organizer.event, 'manage');
    if (requestKey) {
      const earlier = await messageByRequestKey(change.tx, actor.user.id, requestKey);
      if (earlier) return attendeeMessageSummary(change.tx, earlier);
    }
    const recipients = await audienceRecipients(change.tx, event.id, audience.stored);
    if (recipients.length === 0) throw conflict(M.noRecipients);
    await spendAllowance(change, deps, grant.organization.id, { sends: 1, recipients: recipients.length });
    const row = await insertAttendeeMessage(change.tx, {
      eventId: event.id,
      organizationId: grant.organization.id,
      senderId: actor.user.id,
      senderName: displayName(actor.user),
      senderEmail: actor.user.email,
      subject: input.subject,
      body: input.body,
      audience: audience.stored,
      audienceLabel: audience.label,
      recipientCount: recipients.length,
      requestKey,
      createdAt: change.now,
    });
    await enqueueMessages(
      change,
      recipients.map((email) => ({
        kind: ATTENDEE_MESSAGE_KIND,
        channel: 'EMAIL' as const,
        recipient: email,
        data: { attendeeMessageId: row.id },
        intentKey: `${ATTENDEE_MESSAGE_KIND}:${row.id}:${email.toLowerCase()}`,
        eventId: event.id,
        organizationId: grant.organization.id,
      })),
    );
    await change.audit({
      action: 'ATTENDEE_MESSAGE_SENT',
      entityType: 'ATTENDEE_MESSAGE',
      entityId: row.id,
      organizationId: grant.organization.id,
      after: {
        eventId: event.id,
        subject: row.subject,
        audience: row.audienceLabel,
        recipients: row.recipientCount,
      },
    });
    return {
      _id: row.id,
      subject: row.subject,
      audience: { kind: row.audience.kind, label: row.audienceLabel },
      sender: { name: row.senderName, email: row.senderEmail },
      recipients: row.recipientCount,
      delivered: 0,
      failed: 0,
      pending: row.recipientCount,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
