import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countUpTo,
  defineList,
  ESTIMATE_PAST,
  estimateRows,
  TOTAL_CAP,
  type TotalMode,
} from '../src/db/list.js';
import { roundEstimate } from '../src/db/list-total.js';
import { freshDatabase } from './helpers.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/**
 * A list over `generate_series(1, n)`: its rows are numbers, its total counted by `countUpTo` and
 * estimated by the planner (which knows generate_series' row count), unless `estimate` says otherwise.
 */
function numbers(n: number, total: TotalMode, estimate?: number) {
  const db = database.db;
  const from = () => db.select({ n: sql<number>`n` }).from(sql`generate_series(1, ${n}) as n`);
  return defineList({
    sort: { fields: {}, default: [sql`n`], tieBreaker: sql`n` as never },
    rows: (window) =>
      from()
        .limit(window.limit)
        .offset(window.offset)
        .then((rows) => rows.map((row) => Number(row.n))),
    count: (_where, upTo) => countUpTo(db, from().$dynamic(), upTo),
    estimate: async () => estimate ?? estimateRows(db, from().$dynamic()),
    items: (rows: number[]) => rows,
    total,
  });
}

describe('list totals', () => {
  it('a capped list counts at most TOTAL_CAP rows past the page and says the total is more', async () => {
    const page = await numbers(TOTAL_CAP + 5_000, 'capped')({ page: 3, limit: 20 });
    // Past the 40 rows of pages 1 and 2, 1,000 more were counted: "41–60 of more than 1,040".
    expect(page).toMatchObject({ total: 40 + TOTAL_CAP, totalCapped: true, page: 3, limit: 20 });
    expect(page.items[0]).toBe(41);
  });

  it('a capped list under the cap answers the exact total, and the cap itself is still exact', async () => {
    expect(await numbers(7, 'capped')({ page: 1, limit: 20 })).toEqual({
      items: [1, 2, 3, 4, 5, 6, 7],
      total: 7,
      page: 1,
      limit: 20,
    });
    const atCap = await numbers(TOTAL_CAP, 'capped')({ page: 1, limit: 1 });
    expect(atCap.total).toBe(TOTAL_CAP);
    expect(atCap.totalCapped).toBeUndefined();
    // A deep page counts past its own offset: 2,500 rows seen from page 100 are exact.
    const deep = await numbers(2_500, 'capped')({ page: 100, limit: 20 });
    expect(deep.total).toBe(2_500);
    expect(deep.totalCapped).toBeUndefined();
  });

  it('an exact list counts everything', async () => {
    const page = await numbers(TOTAL_CAP + 5_000, 'exact')({ page: 1, limit: 1 });
    expect(page.total).toBe(TOTAL_CAP + 5_000);
    expect(page.totalCapped).toBeUndefined();
  });

  it('an estimated list is exact for a few pages, then answers the planner estimate rounded', async () => {
    expect((await numbers(ESTIMATE_PAST, 'estimated')({ page: 1, limit: 20 })).total).toBe(ESTIMATE_PAST);
    const small = await numbers(150, 'estimated')({ page: 2, limit: 20 });
    expect(small).toMatchObject({ total: 150, page: 2 });
    expect(small.totalEstimated).toBeUndefined();

    const large = await numbers(123_456, 'estimated')({ page: 1, limit: 20 });
    expect(large).toMatchObject({ total: 120_000, totalEstimated: true });
    expect(large.totalCapped).toBeUndefined();
    expect(large.items).toHaveLength(20);
  });

  it('an estimate below what was counted is not believed: the total is "more than" the count', async () => {
    const page = await numbers(5_000, 'estimated', 50)({ page: 1, limit: 20 });
    expect(page).toMatchObject({ total: ESTIMATE_PAST, totalCapped: true });
    expect(page.totalEstimated).toBeUndefined();
  });

  it('rounds an estimate to two significant digits', () => {
    expect([7, 99, 123, 1_049, 70_775, 949_351].map(roundEstimate)).toEqual([
      7, 99, 120, 1_000, 71_000, 950_000,
    ]);
  });
});
