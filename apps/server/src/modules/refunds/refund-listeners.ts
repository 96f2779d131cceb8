import type { DuePaymentRow, RefundRow } from './repo/rows.js';

/** Tickets of one event a refund turned REFUNDED; a course ticket (no date) concerns every date. */
export interface RefundedTickets {
  eventId: string;
  tickets: { id: string; occurrenceId: string | null }[];
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Who hears of refunds, per app (check-in's live counts, the buyer's emails, cancellation jobs waiting
 * for a due, metrics). In memory, after the commit: each is safe to lose, because what it follows is in
 * the database and re-read (docs/architecture.md: "What still runs in-process after COMMIT").
 */
export function createRefundListeners(log?: Logger) {
  const processed: ((refund: RefundRow) => Promise<void> | void)[] = [];
  const failed: ((refund: RefundRow) => void)[] = [];
  const duePaid: ((due: DuePaymentRow) => Promise<void> | void)[] = [];
  const ticketsRefunded: ((change: RefundedTickets) => void)[] = [];
  return {
    onProcessed(listener: (refund: RefundRow) => Promise<void> | void) {
      processed.push(listener);
    },
    /** Hears refunds the provider refused, after the commit (the metrics). */
    onFailed(listener: (refund: RefundRow) => void) {
      failed.push(listener);
    },
    /** Hears tickets turned REFUNDED, after the commit (the door's live counts). */
    onTicketsRefunded(listener: (change: RefundedTickets) => void) {
      ticketsRefunded.push(listener);
    },
    onDuePaid(listener: (due: DuePaymentRow) => Promise<void> | void) {
      duePaid.push(listener);
    },
    /** Each listener on its own, not awaited: a slow email does not hold the refund's answer. */
    processed(refund: RefundRow) {
      for (const listener of processed) {
        Promise.resolve()
          .then(() => listener(refund))
          .catch((error) => log?.error({ err: error, refundId: refund.id }, 'a refund listener failed'));
      }
    },
    failed(refund: RefundRow) {
      for (const listener of failed) {
        try {
          listener(refund);
        } catch (error) {
          log?.error({ err: error, refundId: refund.id }, 'a failed-refund listener failed');
        }
      }
    },
    /** The door's counts change the moment tickets turn REFUNDED (at reservation), not when money moves. */
    ticketsRefunded(change: RefundedTickets) {
      for (const listener of ticketsRefunded) {
        try {
          listener(change);
        } catch (error) {
          log?.error({ err: error, eventId: change.eventId }, 'a refunded-tickets listener failed');
        }
      }
    },
    async duePaid(due: DuePaymentRow) {
      for (const listener of duePaid) {
        try {
          await listener(due);
        } catch (error) {
          log?.error({ err: error, dueId: due.id }, 'a due-paid listener failed');
        }
      }
    },
  };
}

export type RefundListeners = ReturnType<typeof createRefundListeners>;
