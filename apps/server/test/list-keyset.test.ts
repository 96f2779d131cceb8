import { desc, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUpTo, defineList, type PageInput, paged } from '../src/db/list.js';
import { encodeCursor, queryFingerprint } from '../src/db/list-keyset.js';
import { freshDatabase } from './helpers.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;

/** Rows whose order has ties: 60 rows on 12 instants (microseconds apart) and 5 amounts. */
const rowsTable = pgTable('keyset_rows', {
  id: uuid('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  amount: integer('amount').notNull(),
  name: text('name').notNull(),
});

beforeAll(async () => {
  database = await freshDatabase();
  await database.pool.query(`
    create table keyset_rows (id uuid primary key, at timestamptz not null, amount int not null, name text not null);
    insert into keyset_rows
      select gen_random_uuid(), timestamptz '2026-11-01 10:00:00' + (i % 12) * interval '1 microsecond',
        i % 5, case when i % 3 = 0 then 'ann' else 'bob' end
      from generate_series(1, 60) i`);
});
afterAll(async () => {
  await database?.drop();
});

const list = () => {
  const db = database.db;
  return defineList({
    search: [rowsTable.name],
    sort: {
      fields: { at: rowsTable.at, amount: rowsTable.amount },
      default: [desc(rowsTable.at)],
      tieBreaker: rowsTable.id,
    },
    rows: (window) => paged(db.select().from(rowsTable).$dynamic(), window),
    count: (where, upTo) =>
      countUpTo(db, db.select({ one: sql`1` }).from(rowsTable).where(where).$dynamic(), upTo),
    items: (rows) => rows.map((row) => row.id),
    total: 'capped',
    paging: 'keyset',
    keyset: {
      table: rowsTable,
      defaultKeys: [{ expr: rowsTable.at, descending: true }],
      anchorOf: (row) => row.id,
    },
  });
};

/** Every page by following `nextCursor`, and every page by number: the same rows in the same order. */
async function bothWays(query: Omit<PageInput, 'page' | 'cursor'>) {
  const byCursor: string[][] = [];
  const byNumber: string[][] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= 10; page++) {
    const followed = await list()({ ...query, page, cursor });
    const numbered = await list()({ ...query, page });
    byCursor.push(followed.items);
    byNumber.push(numbered.items);
    expect(followed.total).toBe(numbered.total);
    cursor = followed.nextCursor;
    if (!cursor) break;
  }
  return { byCursor, byNumber };
}

describe('keyset paging', () => {
  it('follows nextCursor through pages that tie on the sort value, like the offset pages', async () => {
    for (const sort of [undefined, 'at', '-amount', 'amount']) {
      const { byCursor, byNumber } = await bothWays({ limit: 7, sort });
      expect(byCursor).toEqual(byNumber);
      expect(byCursor.flat()).toHaveLength(60);
      expect(new Set(byCursor.flat()).size).toBe(60);
    }
  });

  it('keeps the search and the filters with the cursor', async () => {
    const { byCursor, byNumber } = await bothWays({ limit: 6, search: 'ann' });
    expect(byCursor).toEqual(byNumber);
    expect(byCursor.flat()).toHaveLength(20);
  });

  it('answers no cursor on a page that is not full', async () => {
    const last = await list()({ page: 9, limit: 7 });
    expect(last.items).toHaveLength(4);
    expect(last.nextCursor).toBeUndefined();
    expect((await list()({ page: 1, limit: 7 })).nextCursor).toEqual(expect.any(String));
  });

  it('reads a page by its number when the cursor is for another page or another query', async () => {
    const first = await list()({ page: 1, limit: 7 });
    const second = await list()({ page: 2, limit: 7 });
    const cursor = first.nextCursor;
    // For page 2, not 3; for the unsorted query, not the sorted one; not a cursor at all.
    expect((await list()({ page: 3, limit: 7, cursor })).items).toEqual(
      (await list()({ page: 3, limit: 7 })).items,
    );
    const sorted = await list()({ page: 2, limit: 7, sort: 'amount' });
    expect((await list()({ page: 2, limit: 7, sort: 'amount', cursor })).items).toEqual(sorted.items);
    expect((await list()({ page: 2, limit: 7, cursor: 'not-a-cursor' })).items).toEqual(second.items);
    // Made for this page and query, but naming no row id: ignored before it reaches SQL.
    const forged = encodeCursor({ page: 2, id: "x' or 1=1 --", query: queryFingerprint({ limit: 7 }) });
    expect((await list()({ page: 2, limit: 7, cursor: forged })).items).toEqual(second.items);
  });

  it('counts the capped total past the anchor and adds the pages before it', async () => {
    const first = await list()({ page: 1, limit: 7 });
    const second = await list()({ page: 2, limit: 7, cursor: first.nextCursor });
    expect(second).toMatchObject({ total: 60, page: 2 });
    expect(second.totalCapped).toBeUndefined();
  });
});
