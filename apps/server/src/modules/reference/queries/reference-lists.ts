import type { ReasonKind } from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { classTypes, reasons, ticketTypes } from '../../../db/schema/index.js';

/** The seeded reference lists every console user reads (active reasons, class types, ticket types). */
export async function activeReasons(db: DbOrTx, kind: ReasonKind) {
  const rows = await db
    .select()
    .from(reasons)
    .where(and(eq(reasons.kind, kind), eq(reasons.status, 'ACTIVE')))
    .orderBy(asc(reasons.order), asc(reasons.text), asc(reasons.id));
  return rows.map((r) => ({ _id: r.id, kind: r.kind, text: r.text, order: r.order }));
}

export async function classTypeList(db: DbOrTx) {
  const rows = await db
    .select()
    .from(classTypes)
    .orderBy(asc(classTypes.order), asc(classTypes.name), asc(classTypes.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, order: r.order, bookingMode: r.bookingMode }));
}

export async function ticketTypeList(db: DbOrTx) {
  const rows = await db
    .select()
    .from(ticketTypes)
    .orderBy(asc(ticketTypes.order), asc(ticketTypes.name), asc(ticketTypes.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, order: r.order, pricing: r.pricing }));
}
