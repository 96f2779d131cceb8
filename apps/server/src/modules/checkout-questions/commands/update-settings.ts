import type { AttendeeDetailSettings } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { setAttendeeSettings } from '../repo.js';
import type { Organizer, QuestionDeps } from './deps.js';

/** update-attendee-detail-settings: the built-in name and email asked for every ticket. */
export async function updateAttendeeSettings(
  deps: QuestionDeps,
  organizer: Organizer,
  input: AttendeeDetailSettings,
): Promise<AttendeeDetailSettings> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = {
      attendeeNames: grant.event.attendeeNames,
      attendeeEmails: grant.event.attendeeEmails,
    };
    const after = { attendeeNames: input.attendeeNames, attendeeEmails: input.attendeeEmails };
    await setAttendeeSettings(change.tx, grant.event.id, { ...after, updatedAt: change.now });
    await change.audit({
      action: 'ATTENDEE_DETAILS_UPDATED',
      entityType: 'EVENT',
      entityId: grant.event.id,
      organizationId: grant.organization.id,
      before,
      after,
    });
    return after;
  });
}
