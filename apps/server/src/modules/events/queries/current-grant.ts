import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { events } from '../../../db/schema/index.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { completeEndedEvents } from '../repo/completion.js';

/**
 * The grant as it reads once ended events are COMPLETED, as the list reads them: the access check
 * loaded the event row before completion ran, so the row is read again when this run completed any.
 */
export async function currentGrant(db: DbOrTx, grant: EventGrant, now: Date): Promise<EventGrant> {
  if ((await completeEndedEvents(db, now)) === 0) return grant;
  const [event] = await db.select().from(events).where(eq(events.id, grant.event.id));
  return event ? { ...grant, event } : grant;
}
