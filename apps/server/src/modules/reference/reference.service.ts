import type { ReasonKind } from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classTypes, reasons, ticketTypes } from '../../db/schema/index.js';

/** The seeded reference lists every console user reads (active reasons, class types, ticket types). */
export function createReferenceService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async activeReasons(kind: ReasonKind) {
      const rows = await db
        .select()
        .from(reasons)
        .where(and(eq(reasons.kind, kind), eq(reasons.status, 'ACTIVE')))
        .orderBy(asc(reasons.order), asc(reasons.text), asc(reasons.id));
      return rows.map((r) => ({ _id: r.id, kind: r.kind, text: r.text, order: r.order }));
    },
    async classTypes() {
      const rows = await db
        .select()
        .from(classTypes)
        .orderBy(asc(classTypes.order), asc(classTypes.name), asc(classTypes.id));
      return rows.map((r) => ({ _id: r.id, name: r.name, order: r.order, bookingMode: r.bookingMode }));
    },
    async ticketTypes() {
      const rows = await db
        .select()
        .from(ticketTypes)
        .orderBy(asc(ticketTypes.order), asc(ticketTypes.name), asc(ticketTypes.id));
      return rows.map((r) => ({ _id: r.id, name: r.name, order: r.order, pricing: r.pricing }));
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
