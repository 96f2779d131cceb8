import type { AttendeeMessagePreview } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { type AudienceInput, resolveAudience } from '../audience.js';
import { renderAttendeeEmail } from '../render.js';
import { countAudience } from '../repo.js';

/** How many distinct addresses the audience reaches now (what a send would write to). */
export async function countRecipients(
  db: DbOrTx,
  event: { id: string; timeZone: string | null },
  input: AudienceInput,
): Promise<{ recipients: number }> {
  const audience = await resolveAudience(db, event, input);
  return { recipients: await countAudience(db, event.id, audience.stored) };
}

/** The email as recipients would get it; nothing is sent or kept. */
export function previewMessage(
  grant: EventGrant,
  input: { subject: string; body: string },
): AttendeeMessagePreview {
  return renderAttendeeEmail({
    subject: input.subject,
    body: input.body,
    eventTitle: grant.event.title,
    organizationName: grant.organization.name,
  });
}
