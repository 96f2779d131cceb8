import type { Availability } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import { cancelRefusal, deleteRefusal, editRefusal, statusRefusal } from '../event-rules.js';
import { completeEndedEvents } from '../repo/completion.js';
import { soldTickets } from '../repo/inventory.js';
import { readEvent } from '../repo/lifecycle.js';

/**
 * check-event-edit-delete-availability: what can be done to the event now, by the same rules the
 * changes apply, read after ended events are completed.
 */
export async function eventAvailability(db: DbOrTx, grant: EventGrant, now: Date): Promise<Availability> {
  await completeEndedEvents(db, now);
  const event = await readEvent(db, grant.event.id);
  if (!event) throw notFound('The event');
  const bookings = (await soldTickets(db, [event.id])).get(event.id) ?? 0;
  const edit = editRefusal(event);
  const remove = deleteRefusal(bookings);
  const status = statusRefusal(event);
  const cancel = cancelRefusal(event);
  return {
    canEdit: edit === null,
    editReason: edit,
    canDelete: remove === null,
    deleteReason: remove,
    canChangeStatus: status === null,
    statusReason: status,
    canCancel: cancel === null,
    cancelReason: cancel,
    bookings,
  };
}
