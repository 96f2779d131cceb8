import { formatAmount } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { AppError } from '../../../lib/errors.js';
import type { RefundsDeps } from '../deps.js';
import { enqueueCancellationEmail } from '../emails/cancellation-email.js';
import { refundableTickets } from '../queries/refundable-tickets.js';
import { claimJob, paidBookingsPage, eventTitle as titleOf } from '../repo/event-refund-jobs.js';
import { eventRefundJobMachine } from '../repo/machines.js';
import { addBookingEvent, refundByKey } from '../repo/refunds.js';
import type { BookingRow, EventRefundJobRow, RefundRow } from '../repo/rows.js';
import { finishRefund } from './finish-refund.js';
import { DueRequired, refundOrder } from './refund-order.js';

/** The pg-boss queue of cancellation refunds; a job's data is `EventRefundRun`. */
export const EVENT_REFUND_QUEUE = 'event-refund';
/** The booking timeline entry that says the cancellation email was enqueued (with the refund). */
export const CANCELLATION_EMAILED = 'CANCELLATION_EMAILED';

export interface EventRefundRun {
  eventId: string;
  /** Continue after this booking id (a run that handed on the rest of a large event). */
  after?: string;
}

export interface RunOptions {
  /** Bookings read per page and refunded at once (the provider calls of a page run side by side). */
  pageSize?: number;
  parallel?: number;
  /** A run hands the rest of the event to a new queue job after this long (under its expiry). */
  runBudgetMs?: number;
}

type Deps = Pick<RefundsDeps, 'db' | 'clock' | 'unitOfWork' | 'payments' | 'listeners' | 'log' | 'jobs'>;
type Outcome = 'DONE' | 'NOTHING_LEFT' | { due: number; message: string };

/** The engine key of the cancellation refund of one booking: a rerun finds the same refund. */
export const jobRefundKey = (eventId: string, bookingId: string) => `job:${eventId}:${bookingId}`;

export const queueRun = (deps: Pick<RefundsDeps, 'jobs'>, run: EventRefundRun) =>
  deps.jobs.send(EVENT_REFUND_QUEUE, run);

/**
 * The timeline entry and the buyer's email, recorded in the transaction that reserves the booking's
 * cancellation refund (`inReservation`): they exist exactly when the refund does, once per booking.
 */
function noticeWith(booking: BookingRow, eventTitle: string) {
  return async (change: Change, refund: RefundRow) => {
    await addBookingEvent(change.tx, {
      bookingId: booking.id,
      kind: CANCELLATION_EMAILED,
      detail: `Event cancelled; refund ${formatAmount(refund.amount, refund.currency)}`,
      at: change.now,
    });
    await enqueueCancellationEmail(change, booking, refund, eventTitle);
  };
}

async function refundOne(
  deps: Deps,
  job: EventRefundJobRow,
  booking: BookingRow,
  eventTitle: string,
): Promise<Outcome> {
  const key = jobRefundKey(job.eventId, booking.id);
  let refund = await refundByKey(deps.db, key);
  if (refund?.status === 'PENDING') {
    // Left by a run that stopped (or is still running elsewhere): finished, never repeated.
    refund = await finishRefund(deps, refund.id);
  } else if (!refund) {
    const tickets = (await refundableTickets(deps.db, booking.id, job.refundServiceFee)).filter(
      (t) => t.selectable && t.refundable > 0,
    );
    if (tickets.length === 0) return 'NOTHING_LEFT';
    try {
      refund = await refundOrder(deps, {
        bookingId: booking.id,
        ticketIds: tickets.map((t) => t._id),
        source: 'EVENT_CANCELLED',
        refundServiceFee: job.refundServiceFee,
        reason: 'Event cancelled',
        idempotencyKey: key,
        initiatedBy: job.startedBy,
        inReservation: noticeWith(booking, eventTitle),
      });
    } catch (error) {
      if (error instanceof DueRequired) return { due: error.due, message: error.message };
      // Refunded otherwise meanwhile (an organizer's refund took what was left): nothing to do here.
      if (error instanceof AppError && error.statusCode === 409) {
        deps.log?.warn?.({ bookingId: booking.id, err: error }, 'cancellation refund skipped');
        return 'NOTHING_LEFT';
      }
      throw error;
    }
  }
  return 'DONE';
}

/**
 * The queue's worker (docs/refunds.md): refunds the event's paid bookings after `after`, page by page,
 * a few at once, and completes the job when none is left. Exactly once comes from the engine's
 * idempotency key per booking (`job:<event>:<booking>`), not from the worker: a run after a crash, or
 * two runs at once in two processes, find the same refund rows. The job row holds only the status;
 * progress is counted from the refunds. A run longer than its budget hands the rest to a new queue
 * job, so no queue job outlives its expiry.
 */
export async function runEventRefund(
  deps: Deps,
  input: EventRefundRun,
  options: RunOptions = {},
): Promise<'COMPLETED' | 'WAITING_FOR_DUE' | 'CONTINUED' | 'SKIPPED'> {
  const pageSize = options.pageSize ?? 100;
  const parallel = options.parallel ?? 5;
  const runBudgetMs = options.runBudgetMs ?? 5 * 60_000;
  const startedAt = Date.now();
  const job = await deps.unitOfWork((change) => claimJob(change, input.eventId));
  if (!job) return 'SKIPPED';
  const eventTitle = (await titleOf(deps.db, job.eventId)) ?? 'The event';
  let after = input.after;
  for (;;) {
    const page = await paidBookingsPage(deps.db, job.eventId, after, pageSize);
    for (let i = 0; i < page.length; i += parallel) {
      const outcomes = await Promise.all(
        page.slice(i, i + parallel).map((booking) => refundOne(deps, job, booking, eventTitle)),
      );
      const due = outcomes.find((o) => typeof o === 'object');
      if (due && typeof due === 'object') {
        await deps.unitOfWork((change) =>
          transition(change, eventRefundJobMachine, {
            id: job.id,
            to: 'WAITING_FOR_DUE',
            set: { lastError: due.message },
          }),
        );
        deps.log?.info?.(
          { eventId: job.eventId, due: due.due },
          'cancellation refunds wait for a due payment',
        );
        return 'WAITING_FOR_DUE';
      }
    }
    const last = page.at(-1);
    if (page.length < pageSize || !last) break;
    after = last.id;
    if (Date.now() - startedAt > runBudgetMs) {
      await queueRun(deps, { eventId: job.eventId, after });
      return 'CONTINUED';
    }
  }
  await deps.unitOfWork((change) =>
    transition(change, eventRefundJobMachine, {
      id: job.id,
      to: 'COMPLETED',
      set: { finishedAt: deps.clock.now(), lastError: null },
    }),
  );
  deps.log?.info?.({ eventId: job.eventId }, 'cancellation refunds completed');
  return 'COMPLETED';
}
