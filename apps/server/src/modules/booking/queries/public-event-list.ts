import type { PublicEventSummary, publicEventList } from '@marquee/contract';
import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { searchWhere } from '../../../db/list.js';
import { events } from '../../../db/schema/index.js';
import { type PublicEventDeps, summaryOf, visibleToBuyers } from './public-event-summary.js';
import { loadSaleView } from './sale-view.js';

type ListQuery = z.output<NonNullable<typeof publicEventList.query>>;

/** public-event-list: published, unblocked, unarchived, public events that have not ended. */
export async function listPublicEvents({ db, rate }: PublicEventDeps, query: ListQuery, now: Date) {
  const where: SQL | undefined = and(
    visibleToBuyers,
    eq(events.status, 'PUBLISHED'),
    eq(events.visibility, 'PUBLIC'),
    gt(events.endsAt, now),
    query.categoryId ? eq(events.categoryId, query.categoryId) : undefined,
    searchWhere(query.search, [events.title, events.venueName]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(events).where(where),
  ]);
  const items: PublicEventSummary[] = [];
  for (const row of rows) items.push((await summaryOf(db, await loadSaleView(db, row, rate), now)).summary);
  return { items, total: total?.n ?? 0, page: query.page, limit: query.limit };
}
