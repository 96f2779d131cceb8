import type { OrganizationBalance } from '@marquee/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { OrganizationRow } from '../../../db/schema/index.js';
import { duePayments, organizationPayouts, refunds } from '../../../db/schema/index.js';
import type { Clock } from '../../../lib/clock.js';
import { payOutCompletedEvents } from '../commands/pay-out-completed-events.js';
import { organizerHeld } from '../repo/funds.js';
import { listDues } from './due-views.js';

/**
 * The payouts tab: what the platform holds for the organization in its currency, what was paid out,
 * refunds still waiting for the provider, and its due payments. Completed events are paid out first,
 * so the figures never wait for the scheduler.
 */
export async function organizationBalance(
  deps: { db: Db; clock: Clock },
  organization: OrganizationRow,
): Promise<OrganizationBalance> {
  const { db } = deps;
  await payOutCompletedEvents(db, deps.clock);
  const { id, currency } = organization;
  const [held, [paid], [pending], payouts, dues] = await Promise.all([
    organizerHeld(db, id, currency),
    db
      .select({ total: sql<string>`coalesce(sum(${organizationPayouts.amount}), 0)` })
      .from(organizationPayouts)
      .where(and(eq(organizationPayouts.organizationId, id), eq(organizationPayouts.currency, currency))),
    db
      .select({ total: sql<string>`coalesce(sum(${refunds.organizerPart}), 0)` })
      .from(refunds)
      .where(
        and(eq(refunds.organizationId, id), eq(refunds.currency, currency), eq(refunds.status, 'PENDING')),
      ),
    db
      .select()
      .from(organizationPayouts)
      .where(and(eq(organizationPayouts.organizationId, id), eq(organizationPayouts.currency, currency)))
      .orderBy(desc(organizationPayouts.createdAt), desc(organizationPayouts.id))
      .limit(100),
    listDues(db, eq(duePayments.organizationId, id)),
  ]);
  return {
    currency,
    held,
    paidOut: Number(paid?.total ?? 0),
    pendingRefunds: Number(pending?.total ?? 0),
    payouts: payouts.map((p) => ({ _id: p.id, amount: p.amount, createdAt: p.createdAt.toISOString() })),
    dues,
  };
}
