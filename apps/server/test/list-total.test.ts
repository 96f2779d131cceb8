import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUpTo, defineList, TOTAL_CAP } from '../src/lib/list.js';
import { freshDatabase } from './helpers.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** A list over `generate_series(1, n)`: its rows are numbers, its total counted by `countUpTo`. */
function numbers(n: number, total: 'exact' | 'capped') {
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
    items: (rows: number[]) => rows,
    total,
  });
}

describe('list totals', () => {
  it('a capped list counts at most TOTAL_CAP + 1 rows and says the total is more than TOTAL_CAP', async () => {
    const page = await numbers(TOTAL_CAP + 5_000, 'capped')({ page: 3, limit: 20 });
    expect(page).toMatchObject({ total: TOTAL_CAP, totalCapped: true, page: 3, limit: 20 });
    expect(page.items[0]).toBe(41);
  });

  it('a capped list under the cap answers the exact total, and TOTAL_CAP itself is still exact', async () => {
    expect(await numbers(7, 'capped')({ page: 1, limit: 20 })).toEqual({
      items: [1, 2, 3, 4, 5, 6, 7],
      total: 7,
      page: 1,
      limit: 20,
    });
    const atCap = await numbers(TOTAL_CAP, 'capped')({ page: 1, limit: 1 });
    expect(atCap.total).toBe(TOTAL_CAP);
    expect(atCap.totalCapped).toBeUndefined();
  });

  it('an exact list counts everything', async () => {
    const page = await numbers(TOTAL_CAP + 5_000, 'exact')({ page: 1, limit: 1 });
    expect(page.total).toBe(TOTAL_CAP + 5_000);
    expect(page.totalCapped).toBeUndefined();
  });
});
