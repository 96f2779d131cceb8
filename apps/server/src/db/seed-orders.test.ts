import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { bookings, ledgerEntries, organizations, payments, tickets, users } from './schema/index.js';
import { seedDemoData } from './seed.js';
import { type SeededOrders, seedOrders } from './seed-orders.js';

type Database = Awaited<ReturnType<typeof freshDatabase>>;

async function tableCounts(db: Database['db']) {
  const n = async (table: typeof bookings | typeof tickets | typeof payments | typeof ledgerEntries) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    bookings: await n(bookings),
    tickets: await n(tickets),
    payments: await n(payments),
    ledger: await n(ledgerEntries),
  };
}

describe('demo orders', () => {
  const now = new Date();
  let database: Database;
  let seeded: SeededOrders | undefined;
  let seconds = 0;

  beforeAll(async () => {
    database = await freshDatabase();
    const started = performance.now();
    expect(await seedDemoData(database.db, { now, onOrders: (o) => (seeded = o) })).toBe(true);
    seconds = (performance.now() - started) / 1000;
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  it('are a few hundred, none refused', () => {
    expect(seeded?.created).toBeGreaterThanOrEqual(200);
    expect(seeded?.created).toBeLessThanOrEqual(320);
    expect(seeded?.refused).toBe(0);
    // The whole demo seeding (accounts, events and orders); printed for the record.
    console.info(`demo seeding: ${seconds.toFixed(1)} s in all`, seeded);
  });

  it('cover both demo organizations, paid and free, guests and the demo buyer, every outcome', async () => {
    const rows = await database.db
      .select({
        organization: organizations.name,
        status: bookings.status,
        free: sql<boolean>`${bookings.total} = 0`,
        byBuyer: sql<boolean>`${bookings.buyerUserId} is not null`,
        buyerEmail: bookings.buyerEmail,
      })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId));
    expect(new Set(rows.map((r) => r.organization))).toEqual(
      new Set(['Riverside Jazz Club', 'Old Town Theatre Company']),
    );
    for (const organization of ['Riverside Jazz Club', 'Old Town Theatre Company']) {
      const own = rows.filter((r) => r.organization === organization);
      expect(own.some((r) => r.status === 'CONFIRMED' && r.free)).toBe(true);
      expect(own.some((r) => r.status === 'CONFIRMED' && !r.free)).toBe(true);
      expect(own.some((r) => r.byBuyer)).toBe(true);
      expect(own.some((r) => !r.byBuyer)).toBe(true);
    }
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses).toEqual(new Set(['CONFIRMED', 'FAILED', 'EXPIRED']));
    const [buyer] = await database.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    expect(rows.filter((r) => r.byBuyer).every((r) => r.buyerEmail === buyer?.email)).toBe(true);
    expect(rows.filter((r) => r.status === 'EXPIRED')).toHaveLength(seeded?.expired ?? -1);
    expect(rows.filter((r) => r.status === 'FAILED')).toHaveLength(seeded?.failed ?? -1);
    expect(rows.filter((r) => r.status === 'HELD')).toHaveLength(0);
  });

  it('leave paid bookings settled with their sandbox payments, and failed ones failed', async () => {
    const rows = await database.db
      .select({ booking: bookings.status, payment: payments.status, provider: payments.provider })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId));
    expect(rows.every((r) => r.provider === 'sandbox')).toBe(true);
    for (const row of rows) {
      const expected = { CONFIRMED: 'SUCCEEDED', FAILED: 'FAILED', EXPIRED: 'PENDING' }[
        row.booking as string
      ];
      expect(row.payment, `payment of a ${row.booking} booking`).toBe(expected);
    }
  });

  it('keep the ledger balanced and one posting per paid booking', async () => {
    const unbalanced = await database.db.execute(
      sql`select group_id from ledger_entries group by group_id having sum(amount) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);
    const paid = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where status = 'CONFIRMED' and total > 0`,
    );
    const groups = await database.db.execute<{ n: number }>(
      sql`select count(distinct group_id)::int as n from ledger_entries`,
    );
    expect(groups.rows[0]?.n).toBe(paid.rows[0]?.n);
  });

  it('keep every inventory row and date at its tickets plus live holds, within capacity', async () => {
    const rows = await database.db.execute<{ id: string; sold: number; taken: number; capacity: number }>(sql`
      select i.id, i.sold, i.capacity,
        (select count(*) from tickets t join bookings b on b.id = t.booking_id
           join booking_lines l on l.booking_id = b.id and l.ticket_type_id = t.ticket_type_id
           where l.inventory_id = i.id and b.status = 'CONFIRMED')::int
        + (select coalesce(sum(l.quantity), 0) from booking_lines l join bookings b on b.id = l.booking_id
           where l.inventory_id = i.id and b.status = 'HELD')::int as taken
      from ticket_inventory i`);
    expect(rows.rows.filter((r) => r.sold > 0).length).toBeGreaterThan(10);
    for (const row of rows.rows) {
      expect(row.sold, `inventory ${row.id}`).toBe(row.taken);
      expect(row.sold).toBeLessThanOrEqual(row.capacity);
    }
    const dates = await database.db.execute<{ id: string; sold: number; taken: number }>(sql`
      select o.id, o.sold,
        (select count(*) from tickets t join bookings b on b.id = t.booking_id
           where t.occurrence_id = o.id and b.status = 'CONFIRMED')::int
        + (select coalesce(sum(l.quantity), 0) from booking_lines l join bookings b on b.id = l.booking_id
           where b.occurrence_id = o.id and b.status = 'HELD')::int as taken
      from event_occurrences o`);
    for (const row of dates.rows) expect(row.sold, `date ${row.id}`).toBe(row.taken);
  });

  it('add nothing on a second start, nor when called again directly', async () => {
    const before = await tableCounts(database.db);
    expect(before.bookings).toBe(seeded?.created);
    expect(await seedDemoData(database.db, { now })).toBe(false);
    expect((await seedOrders(database.db, { now })).created).toBe(0);
    expect(await tableCounts(database.db)).toEqual(before);
  });
});
