import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { eventTicketTypes, ticketInventory, users } from '../src/db/schema/index.js';
import { clientHeaders } from '../test/client-headers.js';
import { insertEvent, insertOrganization } from '../test/event-fixtures.js';
import { alternate, fmt, measureRun, runSettings, spread } from './http/measure.js';
import type { Measured } from './http/processes.js';
import type { BenchCluster } from './http/setup.js';
import type { BenchLine } from './lists.js';

/**
 * Checkout throughput on one hot ticket type (docs/selling.md, "Bench"): buyers each book one free
 * ticket of the same type over HTTP against the built server in its own process (every confirmed
 * booking: seats, order, line, ticket, audit, outbox, one request), load from this process. Counted in
 * the database afterwards. The anchor: bare Fastify + pg holding the same one seat with the minimal
 * guarded `UPDATE ticket_inventory SET sold = sold + 1 WHERE … sold + 1 <= capacity`, same minute.
 */
export async function benchCheckout(options: {
  cluster: BenchCluster;
  db: Db;
  server: Measured;
  anchor: Measured;
  seconds: number;
  connections: number;
  runs: number;
}): Promise<BenchLine[]> {
  const { cluster, db, server, anchor, seconds, connections } = options;
  const [owner] = await db
    .insert(users)
    .values({
      email: `bench-${Date.now()}@example.test`,
      username: `bench${Date.now()}`,
      firstName: 'Bench',
      lastName: 'Owner',
      passwordHash: 'x',
      organizerRequest: 'APPROVED',
    })
    .returning();
  if (!owner) throw new Error('bench owner');
  const organization = await insertOrganization(db, owner.id);
  async function hotEvent() {
    const made = await insertEvent(db, { organizationId: organization.id, ticketTypes: 1 });
    const type = made.ticketTypes[0];
    if (!type) throw new Error('bench ticket type');
    await db
      .update(eventTicketTypes)
      .set({ pricing: 'FREE', price: 0, quantity: 1_000_000_000 })
      .where(eq(eventTicketTypes.id, type.id));
    await db
      .update(ticketInventory)
      .set({ capacity: 1_000_000_000 })
      .where(eq(ticketInventory.ticketTypeId, type.id));
    const [row] = await db.select().from(ticketInventory).where(eq(ticketInventory.ticketTypeId, type.id));
    return { eventId: made.event.id, typeId: type.id, inventoryId: row?.id as string };
  }
  const hot = await hotEvent();
  const raw = await hotEvent();
  const common = runSettings(cluster, seconds, connections);
  const body = JSON.stringify({
    eventId: hot.eventId,
    lines: [{ ticketTypeId: hot.typeId, quantity: 1 }],
    buyer: { name: 'Bench Buyer', email: 'bench@example.test' },
  });
  let key = 0;
  const count = async (text: string, id: string) =>
    Number((await cluster.admin.query<{ n: string }>(text, [id])).rows[0]?.n ?? 0);
  const result = await alternate(
    options.runs,
    () =>
      measureRun({
        ...common,
        target: anchor,
        request: {
          method: 'POST',
          path: '/checkout',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ inventoryId: raw.inventoryId, quantity: 1 }),
        },
        counted: () => count('select sold as n from ticket_inventory where id = $1', raw.inventoryId),
      }),
    () =>
      measureRun({
        ...common,
        target: server,
        request: {
          method: 'POST',
          path: c.createBooking.path,
          setupRequest: (request) => {
            key += 1;
            return {
              ...request,
              headers: {
                ...clientHeaders(),
                'content-type': 'application/json',
                'idempotency-key': `bench-${key}`,
              },
              body,
            };
          },
        },
        counted: () =>
          count(
            `select count(*) as n from bookings where event_id = $1 and status = 'CONFIRMED'`,
            hot.eventId,
          ),
      }),
    'checkout',
  );
  // The confirmations are rendered and sent by the delivery worker after commit (on this process unless
  // MESSAGE_DELIVERY=false): what is still waiting is work the figure above has not paid for yet.
  const waiting = await cluster.admin.query<{ pending: string; sent: string }>(
    `select count(*) filter (where status = 'PENDING') as pending, count(*) filter (where status = 'SENT') as sent from outgoing_messages`,
  );
  const backlog = `${waiting.rows[0]?.pending} confirmations still pending, ${waiting.rows[0]?.sent} sent`;
  console.log(
    `checkout: after the runs, ${backlog} (delivered by this process's worker, ~25 ms of CPU each)`,
  );
  const perMinute = (runs: { perSecond: number }[]) => spread(runs.map((r) => r.perSecond * 60));
  const ratios = spread(result.product.map((r, i) => r.perSecond / (result.anchor[i]?.perSecond ?? 1)));
  return [
    {
      figure: `checkout, one hot ticket type, bookings/min min/median/max of ${options.runs} (goal ≥ 8,000)`,
      measured: fmt(perMinute(result.product)),
      raw: `bare guarded seat UPDATE: ${fmt(perMinute(result.anchor))}/min`,
      ratio: fmt(ratios, 3),
    },
    {
      figure: 'checkout: Node CPU ms per booking (goal ≤ 4) · statements per booking (aim ≤ 12)',
      measured: `${fmt(spread(result.product.map((r) => r.nodeCpuMs)), 2)} ms · ${fmt(spread(result.product.map((r) => r.statements)), 1)}`,
      raw: `bare: ${fmt(spread(result.anchor.map((r) => r.nodeCpuMs)), 2)} ms · ${fmt(spread(result.anchor.map((r) => r.statements)), 1)}`,
      ratio: `PostgreSQL ${fmt(spread(result.product.map((r) => r.pgCpuMs)), 2)} ms; ${backlog}`,
    },
  ];
}
