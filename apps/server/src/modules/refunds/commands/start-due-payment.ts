import type { DuePayment } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { AppError } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { dueView } from '../queries/due-views.js';
import { insertDue, pendingDueWithKey, recordDueStarted } from '../repo/dues.js';
import { dueMachine } from '../repo/machines.js';
import type { DuePaymentRow } from '../repo/rows.js';

export const DUE_MESSAGES = {
  nothingOwed: 'Nothing is owed for this refund',
  notStarted: 'The payment could not be started. Please try again.',
};

export interface DueStart {
  /** The event the route's declaration resolved (at manage): re-read, locked, when the due is recorded. */
  event: EventGrant;
  /** What a refused re-check names ("The order" for an order's due). */
  what?: string;
  bookingId: string | null;
  reference: string;
  description: string;
  purpose: DuePaymentRow['purpose'];
  amount: number;
  currency: string;
  plan: Record<string, unknown>;
  returnUrl: string;
  actor: Actor;
}

/** A PENDING due of the same plan (a retry after a lost answer) that the provider already started: shown again, not paid twice. */
export async function startedDueWithKey(deps: EngineDeps, key: string): Promise<DuePayment | null> {
  const existing = await pendingDueWithKey(deps.db, key);
  return existing?.redirectUrl || existing?.clientSecret ? dueView(deps.db, existing) : null;
}

/**
 * Records the due (PENDING), commits, then asks the provider for the payment and keeps its answer.
 * The organizer pays it through the payments port like a buyer's payment, to the platform (no
 * destination account).
 */
export async function startDuePayment(deps: EngineDeps, input: DueStart): Promise<DuePayment> {
  const { db, payments } = deps;
  const due = await deps.unitOfWork(async ({ tx, now, audit }) => {
    await confirmEventGrant(tx, input.actor, input.event, 'manage', { what: input.what });
    const row = await insertDue(tx, {
      organizationId: input.event.event.organizationId,
      eventId: input.event.event.id,
      bookingId: input.bookingId,
      purpose: input.purpose,
      currency: input.currency,
      amount: input.amount,
      provider: payments.name,
      plan: input.plan,
      createdBy: input.actor.user.id,
      createdAt: now,
    });
    await audit({
      action: 'DUE_PAYMENT_CREATED',
      entityType: 'DUE_PAYMENT',
      entityId: row.id,
      organizationId: row.organizationId,
      after: { purpose: row.purpose, amount: row.amount, currency: row.currency, bookingId: row.bookingId },
    });
    return row;
  });
  try {
    const started = await payments.createPayment({
      paymentId: due.id,
      // The provider's metadata names what is paid: the due itself (no buyer's booking is paid here).
      bookingId: due.id,
      bookingCode: input.reference,
      description: input.description,
      amount: due.amount,
      currency: due.currency,
      applicationFee: 0,
      // The platform collects it: the money makes the held balance whole again.
      destinationAccountId: null,
      returnUrl: input.returnUrl,
      idempotencyKey: `due-${due.id}`,
    });
    const updated = await recordDueStarted(db, due.id, started);
    return dueView(db, updated ?? due);
  } catch (error) {
    deps.log?.error({ err: error }, 'starting a due payment failed');
    await deps.unitOfWork((change) => transition(change, dueMachine, { id: due.id, to: 'FAILED' }));
    if (error instanceof AppError && error.statusCode < 500) throw error;
    throw new AppError(502, DUE_MESSAGES.notStarted);
  }
}
