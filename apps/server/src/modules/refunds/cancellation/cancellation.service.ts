import { type EventRefundJob, type EventRefundPlan, formatAmount, REFUND_MESSAGES } from '@marquee/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Db } from '../../../db/client.js';
import {
  type BookingRow,
  bookingEvents,
  bookings,
  type DuePaymentRow,
  duePayments,
  type EventRefundJobRow,
  eventRefundJobs,
  type RefundRow,
  refunds,
} from '../../../db/schema/index.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, conflict } from '../../../lib/errors.js';
import type { Jobs } from '../../../lib/jobs.js';
import { DueRequired, type RefundEngine } from '../refund-engine.js';
import { cancellationEmail } from './cancellation-email.js';
import { findJob, jobRefundKey, jobView } from './event-refund-job.js';

/** The pg-boss queue of cancellation refunds; a job's data is `EventRefundRun`. */
export const EVENT_REFUND_QUEUE = 'event-refund';
/** The booking timeline entry that says the cancellation email went (its guard against a second one). */
export const CANCELLATION_EMAILED = 'CANCELLATION_EMAILED';
const EVENT_ENTITY = 'EVENT';

export interface EventRefundRun {
  eventId: string;
  /** Continue after this booking id (a run that handed on the rest of a large event). */
  after?: string;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Outcome = 'DONE' | 'NOTHING_LEFT' | { due: number; message: string };

/**
 * Event cancellation refunds (docs/refunds.md): one job per event refunds every paid booking through
 * the refund engine. Exactly once comes from the engine's idempotency key per booking
 * (`job:<event>:<booking>`), not from the worker: a run after a crash, or two runs at once in two
 * processes, find the same refund rows. The job row holds only the status; progress is counted from
 * the refunds.
 */
export function createCancellationService(deps: {
  db: Db;
  clock: Clock;
  refunds: RefundEngine;
  jobs: Jobs;
  mailer: Mailer;
  log: Logger;
  /** Bookings read per page and refunded at once (the provider calls of a page run side by side). */
  pageSize?: number;
  parallel?: number;
  /** A run hands the rest of the event to a new queue job after this long (under its expiry). */
  runBudgetMs?: number;
}) {
  const { db, clock, refunds: engine, jobs, log } = deps;
  const pageSize = deps.pageSize ?? 100;
  const parallel = deps.parallel ?? 5;
  const runBudgetMs = deps.runBudgetMs ?? 5 * 60_000;
  const unitOfWork = createUnitOfWork({ db, clock, log });
  const sending = new Set<Promise<unknown>>();

  function inBackground(work: () => Promise<unknown>) {
    const promise = work()
      .catch((error) => log.error({ err: error }, 'cancellation email failed'))
      .finally(() => sending.delete(promise));
    sending.add(promise);
  }

  const enqueue = (run: EventRefundRun) => jobs.send(EVENT_REFUND_QUEUE, run);

  /** Once per booking: the timeline entry is written under the booking's row lock, the email after commit. */
  async function emailOnce(booking: BookingRow, refund: RefundRow, eventTitle: string) {
    await unitOfWork(async ({ tx, lock, afterCommit }) => {
      await lock(bookings, eq(bookings.id, booking.id));
      const [sent] = await tx
        .select({ id: bookingEvents.id })
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.kind, CANCELLATION_EMAILED)));
      if (sent) return;
      await tx.insert(bookingEvents).values({
        bookingId: booking.id,
        kind: CANCELLATION_EMAILED,
        detail: `Event cancelled; refund ${formatAmount(refund.amount, refund.currency)}`,
      });
      const email = cancellationEmail({
        to: booking.buyerEmail,
        buyerName: booking.buyerName,
        bookingCode: booking.code,
        eventTitle,
        amount: refund.amount,
        currency: refund.currency,
        processed: refund.status === 'PROCESSED',
      });
      afterCommit(() => inBackground(() => deps.mailer.send(email)));
    });
  }

  async function refundOne(
    job: EventRefundJobRow,
    booking: BookingRow,
    eventTitle: string,
  ): Promise<Outcome> {
    const key = jobRefundKey(job.eventId, booking.id);
    const [existing] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    let refund: RefundRow | undefined = existing;
    if (refund?.status === 'PENDING') {
      // Left by a run that stopped (or is still running elsewhere): finished, never repeated.
      refund = await engine.finish(refund.id);
    } else if (!refund) {
      const tickets = (await engine.refundableTickets(booking.id, job.refundServiceFee)).filter(
        (t) => t.selectable && t.refundable > 0,
      );
      if (tickets.length === 0) return 'NOTHING_LEFT';
      try {
        refund = await engine.refund({
          bookingId: booking.id,
          ticketIds: tickets.map((t) => t._id),
          source: 'EVENT_CANCELLED',
          refundServiceFee: job.refundServiceFee,
          reason: 'Event cancelled',
          idempotencyKey: key,
          initiatedBy: job.startedBy,
        });
      } catch (error) {
        if (error instanceof DueRequired) return { due: error.due, message: error.message };
        // Refunded otherwise meanwhile (an organizer's refund took what was left): nothing to do here.
        if (error instanceof AppError && error.statusCode === 409) {
          log.warn({ bookingId: booking.id, err: error }, 'cancellation refund skipped');
          return 'NOTHING_LEFT';
        }
        throw error;
      }
    }
    if (refund.status !== 'FAILED') await emailOnce(booking, refund, eventTitle);
    return 'DONE';
  }

  async function markWaiting(job: EventRefundJobRow, message: string) {
    await db
      .update(eventRefundJobs)
      .set({ status: 'WAITING_FOR_DUE', lastError: message })
      .where(and(eq(eventRefundJobs.id, job.id), inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING'])));
  }

  return {
    /** issue-event-refund: what refunding every paid order takes, what was paid towards the due, the job. */
    async plan(grant: EventGrant, refundServiceFee?: boolean): Promise<EventRefundPlan> {
      const { event } = grant;
      const job = await findJob(db, event.id);
      const planned = await engine.quoteEvent(event.id, refundServiceFee ?? job?.refundServiceFee);
      const [paid] = await db
        .select({ amount: sql<number>`coalesce(sum(${duePayments.amount}), 0)::int` })
        .from(duePayments)
        .where(
          and(
            eq(duePayments.eventId, event.id),
            eq(duePayments.purpose, 'EVENT_CANCELLATION'),
            eq(duePayments.status, 'SUCCEEDED'),
          ),
        );
      return {
        event: { _id: event.id, title: event.title, status: event.status, timeZone: event.timeZone ?? 'UTC' },
        currency: planned.currency,
        bookings: planned.bookings,
        tickets: planned.tickets,
        quote: planned.quote,
        duePaid: paid?.amount ?? 0,
        job: job ? await jobView(db, job) : null,
      };
    },

    /**
     * confirm-event-refund: one job per event (a unique index), so a second confirm answers the first
     * job. It waits for the due when the held money does not cover the organizer's part.
     */
    async confirm(actor: Actor, grant: EventGrant, refundServiceFee?: boolean): Promise<EventRefundJob> {
      const { event } = grant;
      if (event.status !== 'CANCELLED') throw conflict(REFUND_MESSAGES.eventNotCancelled);
      const existing = await findJob(db, event.id);
      if (existing) return jobView(db, existing);
      const planned = await engine.quoteEvent(event.id, refundServiceFee);
      const waiting = planned.quote.due > 0;
      const row = await unitOfWork(async ({ tx, audit, afterCommit }) => {
        const [created] = await tx
          .insert(eventRefundJobs)
          .values({
            eventId: event.id,
            organizationId: event.organizationId,
            status: waiting ? 'WAITING_FOR_DUE' : 'QUEUED',
            refundServiceFee: planned.quote.refundServiceFee,
            currency: planned.currency,
            total: planned.bookings,
            amount: planned.quote.amount,
            lastError: waiting
              ? REFUND_MESSAGES.dueRequired(formatAmount(planned.quote.due, planned.currency))
              : null,
            startedBy: actor.user.id,
          })
          .onConflictDoNothing({ target: eventRefundJobs.eventId })
          .returning();
        // Another confirm won the race: answer its job.
        if (!created) return (await findJob(tx, event.id)) as EventRefundJobRow;
        await audit({
          action: 'EVENT_REFUND_STARTED',
          entityType: EVENT_ENTITY,
          entityId: event.id,
          organizationId: event.organizationId,
          after: created,
        });
        if (!waiting) afterCommit(() => enqueue({ eventId: event.id }));
        return created;
      });
      return jobView(db, row);
    },

    async progress(eventId: string): Promise<EventRefundJob | null> {
      const job = await findJob(db, eventId);
      return job ? jobView(db, job) : null;
    },

    /**
     * The queue's worker: refunds the paid bookings after `after`, a few at once, and completes the job
     * when none is left. Safe to run twice at once and after a crash (see above). A run longer than its
     * budget hands the rest to a new queue job, so no queue job outlives its expiry.
     */
    async run(input: EventRefundRun): Promise<'COMPLETED' | 'WAITING_FOR_DUE' | 'CONTINUED' | 'SKIPPED'> {
      const startedAt = Date.now();
      const [job] = await db
        .update(eventRefundJobs)
        .set({ status: 'RUNNING', startedAt: sql`coalesce(${eventRefundJobs.startedAt}, now())` })
        .where(
          and(
            eq(eventRefundJobs.eventId, input.eventId),
            inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING']),
          ),
        )
        .returning();
      if (!job) return 'SKIPPED';
      const event = await db.query.events.findFirst({
        where: (e, { eq: is }) => is(e.id, job.eventId),
        columns: { title: true },
      });
      const eventTitle = event?.title ?? 'The event';
      let after = input.after;
      for (;;) {
        const page = await db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.eventId, job.eventId),
              eq(bookings.status, 'CONFIRMED'),
              sql`${bookings.total} > 0`,
              after ? gt(bookings.id, after) : undefined,
            ),
          )
          .orderBy(asc(bookings.id))
          .limit(pageSize);
        for (let i = 0; i < page.length; i += parallel) {
          const outcomes = await Promise.all(
            page.slice(i, i + parallel).map((booking) => refundOne(job, booking, eventTitle)),
          );
          const due = outcomes.find((o) => typeof o === 'object');
          if (due && typeof due === 'object') {
            await markWaiting(job, due.message);
            log.info({ eventId: job.eventId, due: due.due }, 'cancellation refunds wait for a due payment');
            return 'WAITING_FOR_DUE';
          }
        }
        const last = page.at(-1);
        if (page.length < pageSize || !last) break;
        after = last.id;
        if (Date.now() - startedAt > runBudgetMs) {
          await enqueue({ eventId: job.eventId, after });
          return 'CONTINUED';
        }
      }
      await db
        .update(eventRefundJobs)
        .set({ status: 'COMPLETED', finishedAt: clock.now(), lastError: null })
        .where(and(eq(eventRefundJobs.id, job.id), eq(eventRefundJobs.status, 'RUNNING')));
      log.info({ eventId: job.eventId }, 'cancellation refunds completed');
      return 'COMPLETED';
    },

    /** A due of a cancellation was paid: its waiting job goes back on the queue. */
    async onDuePaid(due: Pick<DuePaymentRow, 'purpose' | 'eventId'>) {
      if (due.purpose !== 'EVENT_CANCELLATION') return;
      const [queued] = await db
        .update(eventRefundJobs)
        .set({ status: 'QUEUED', lastError: null })
        .where(and(eq(eventRefundJobs.eventId, due.eventId), eq(eventRefundJobs.status, 'WAITING_FOR_DUE')))
        .returning();
      if (queued) await enqueue({ eventId: due.eventId });
    },

    /**
     * At each server start: jobs a stopped process left QUEUED or RUNNING go back on the queue (the
     * queue would also retry them once their queue job expires, but a restart should not wait for that),
     * and waiting jobs whose due is covered meanwhile resume.
     */
    async resumeJobs() {
      const open = await db
        .select()
        .from(eventRefundJobs)
        .where(inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING', 'WAITING_FOR_DUE']));
      for (const job of open) {
        if (job.status === 'WAITING_FOR_DUE') {
          const planned = await engine.quoteEvent(job.eventId, job.refundServiceFee);
          if (planned.quote.due === 0)
            await this.onDuePaid({ purpose: 'EVENT_CANCELLATION', eventId: job.eventId });
          continue;
        }
        await enqueue({ eventId: job.eventId });
      }
      return open.length;
    },

    /** A run failed unexpectedly (the queue retries it): the reason is shown with the progress. */
    async recordError(eventId: string, error: unknown) {
      await db
        .update(eventRefundJobs)
        .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : String(error) })
        .where(
          and(eq(eventRefundJobs.eventId, eventId), inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING'])),
        );
    },

    /** Waits until the emails on their way are handed to the mailer (close, tests). */
    async drain() {
      while (sending.size > 0) await Promise.all([...sending]);
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
