import { count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { type PageWindow, paged } from '../../db/list.js';
import { nonProfitExemptions, organizations, organizerRequestDetails, users } from '../../db/schema/index.js';

/** The administrator who decided, by name (left join: undecided, or their account is gone). */
export const decider = alias(users, 'decider');
export const requesterName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const deciderName = sql<string | null>`nullif(trim(${decider.firstName} || ' ' || ${decider.lastName}), '')`;

const requester = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  phone: users.phone,
  createdAt: users.createdAt,
};

// ---------- organizer requests ----------

function organizerRequestSelect(db: DbOrTx) {
  return db
    .select({
      user: requester,
      status: users.organizerRequest,
      details: organizerRequestDetails,
      decidedBy: deciderName,
    })
    .from(organizerRequestDetails)
    .innerJoin(users, eq(users.id, organizerRequestDetails.userId))
    .leftJoin(decider, eq(decider.id, organizerRequestDetails.decidedBy))
    .$dynamic();
}
export type OrganizerRequestRow = Awaited<
  ReturnType<ReturnType<typeof organizerRequestSelect>['execute']>
>[number];

export const organizerRequestRows = (db: DbOrTx, window: PageWindow) =>
  paged(organizerRequestSelect(db), window);

export async function countOrganizerRequests(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(organizerRequestDetails)
    .innerJoin(users, eq(users.id, organizerRequestDetails.userId))
    .where(where);
  return row?.n ?? 0;
}

export async function findOrganizerRequest(db: DbOrTx, userId: string) {
  const [row] = await organizerRequestSelect(db).where(eq(users.id, userId));
  return row;
}

export async function recordOrganizerDecision(
  tx: DbOrTx,
  userId: string,
  values: { decidedAt: Date; decidedBy: string; decisionReason: string | null },
) {
  const [row] = await tx
    .update(organizerRequestDetails)
    .set(values)
    .where(eq(organizerRequestDetails.userId, userId))
    .returning();
  return row;
}

// ---------- non-profit exemptions ----------

/** Names of the organizations the user owns, in one correlated subquery (no query per row). */
const ownedOrganizations = sql<
  string[]
>`coalesce((select array_agg(o.name order by o.name, o.id) from ${organizations} o where o.owner_id = ${users.id}), '{}')`;

function nonProfitSelect(db: DbOrTx) {
  return db
    .select({
      user: requester,
      exemption: nonProfitExemptions,
      organizations: ownedOrganizations,
      decidedBy: deciderName,
    })
    .from(nonProfitExemptions)
    .innerJoin(users, eq(users.id, nonProfitExemptions.userId))
    .leftJoin(decider, eq(decider.id, nonProfitExemptions.decidedBy))
    .$dynamic();
}
export type NonProfitRow = Awaited<ReturnType<ReturnType<typeof nonProfitSelect>['execute']>>[number];

export const nonProfitRows = (db: DbOrTx, window: PageWindow) => paged(nonProfitSelect(db), window);

export async function countNonProfit(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(nonProfitExemptions)
    .innerJoin(users, eq(users.id, nonProfitExemptions.userId))
    .where(where);
  return row?.n ?? 0;
}

export async function findNonProfit(db: DbOrTx, userId: string) {
  const [row] = await nonProfitSelect(db).where(eq(users.id, userId));
  return row;
}

/** The exemption row alone (the audit entry's before). */
export async function findExemption(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(nonProfitExemptions).where(eq(nonProfitExemptions.userId, userId));
  return row;
}

export async function userContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
