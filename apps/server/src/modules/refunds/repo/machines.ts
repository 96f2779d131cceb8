import {
  type DuePaymentRow,
  duePayments,
  type EventRefundJobRow,
  eventRefundJobs,
  type RefundRequestRow,
  type RefundRow,
  refundRequests,
  refunds,
} from '../../../db/schema/index.js';
import { defineMachine } from '../../../db/state-machine.js';

/**
 * Money going back to a buyer: reserved PENDING (or PROCESSED at once when nothing goes to the
 * provider), then the provider's answer settles it once.
 */
export const refundMachine = defineMachine<RefundRow['status'], typeof refunds>({
  label: 'refund',
  entityType: 'REFUND',
  table: refunds,
  moves: { PENDING: ['PROCESSED', 'FAILED'], PROCESSED: [], FAILED: [] },
});

/**
 * A buyer's request follows its tickets (repo/request-status.ts): REQUESTED while one waits; APPROVED
 * while an approved ticket's refund is with the provider (back to REQUESTED when the engine refused an
 * approval and it was undone); PROCESSED once every approved ticket is refunded; DECLINED when every
 * ticket was declined.
 */
export const refundRequestMachine = defineMachine<RefundRequestRow['status'], typeof refundRequests>({
  label: 'refund request',
  entityType: 'REFUND_REQUEST',
  table: refundRequests,
  moves: {
    REQUESTED: ['APPROVED', 'DECLINED', 'PROCESSED'],
    APPROVED: ['PROCESSED', 'REQUESTED'],
    DECLINED: [],
    PROCESSED: [],
  },
});

/** What an organizer pays in: the provider's report settles it once (or starting it failed). */
export const dueMachine = defineMachine<DuePaymentRow['status'], typeof duePayments>({
  label: 'due payment',
  entityType: 'DUE_PAYMENT',
  table: duePayments,
  moves: { PENDING: ['SUCCEEDED', 'FAILED'], SUCCEEDED: [], FAILED: [] },
});

/**
 * The cancellation refund of one event. RUNNING → RUNNING is a rerun taking over a job whose process
 * stopped (the refunds' keys make that safe). FAILED exists in the schema but nothing moves there: a
 * run that fails is retried by the queue and its error shown while the job stays RUNNING.
 */
export const eventRefundJobMachine = defineMachine<EventRefundJobRow['status'], typeof eventRefundJobs>({
  label: 'refund job',
  entityType: 'EVENT_REFUND_JOB',
  table: eventRefundJobs,
  moves: {
    WAITING_FOR_DUE: ['QUEUED'],
    QUEUED: ['RUNNING', 'WAITING_FOR_DUE'],
    RUNNING: ['RUNNING', 'WAITING_FOR_DUE', 'COMPLETED'],
    COMPLETED: [],
    FAILED: [],
  },
});
