import type { EventRefundPlan } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { eventDuePaid } from '../repo/dues.js';
import { findJob } from '../repo/event-refund-jobs.js';
import { jobView } from './event-refund-progress.js';
import { quoteEvent } from './quote-event.js';

/** issue-event-refund: what refunding every paid order takes, what was paid towards the due, the job. */
export async function eventRefundPlan(
  db: DbOrTx,
  grant: EventGrant,
  refundServiceFee?: boolean,
): Promise<EventRefundPlan> {
  const { event } = grant;
  const job = await findJob(db, event.id);
  const planned = await quoteEvent(db, event.id, refundServiceFee ?? job?.refundServiceFee);
  return {
    event: { _id: event.id, title: event.title, status: event.status, timeZone: event.timeZone ?? 'UTC' },
    currency: planned.currency,
    bookings: planned.bookings,
    tickets: planned.tickets,
    quote: planned.quote,
    duePaid: await eventDuePaid(db, event.id),
    job: job ? await jobView(db, job) : null,
  };
}
