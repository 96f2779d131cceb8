import * as c from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { eventTicketTypes, ticketInventory, users } from '../src/db/schema/index.js';
import { clientHeaders } from '../test/client-headers.js';
import { insertEvent, insertOrganization } from '../test/event-fixtures.js';
import type { BenchLine } from './lists.js';

/**
 * Checkout throughput on one hot ticket type (docs/selling.md, "Bench"): free tickets, so every 200
 * is a confirmed booking (seats, booking, lines, tickets, audit, all in create-booking). Printed next
 * to the ceiling of any design that counts seats on one row: the raw single-row
 * `UPDATE … SET sold = sold + 1` rate on the same database, with as many concurrent workers.
 */
export async function benchCheckout(options: {
  address: string;
  db: Db;
  seconds: number;
  workers: number;
}): Promise<BenchLine[]> {
  const { address, db, seconds, workers } = options;
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
  const until = Date.now() + seconds * 1000;
  let confirmed = 0;
  let refused = 0;
  let key = 0;
  const headers = { ...clientHeaders(), 'content-type': 'application/json' };
  const body = JSON.stringify({
    eventId: hot.eventId,
    lines: [{ ticketTypeId: hot.typeId, quantity: 1 }],
    buyer: { name: 'Bench Buyer', email: 'bench@example.test' },
  });
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        key += 1;
        const response = await fetch(`${address}${c.createBooking.path}`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': `bench-${key}` },
          body,
        });
        await response.arrayBuffer();
        if (response.status === 200) confirmed += 1;
        else refused += 1;
      }
    }),
  );
  const checkoutPerMinute = (confirmed / seconds) * 60;

  const raw = await hotEvent();
  const rawUntil = Date.now() + seconds * 1000;
  let updates = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < rawUntil) {
        await db.execute(
          sql`update ticket_inventory set sold = sold + 1 where id = ${raw.inventoryId} and sold + 1 <= capacity`,
        );
        updates += 1;
      }
    }),
  );
  const rawPerMinute = (updates / seconds) * 60;
  console.log(
    `Checkout, one hot free ticket type: ${checkoutPerMinute.toFixed(0)} confirmed bookings/min (${refused} refused)`,
  );
  console.log(`Raw single-row UPDATE sold = sold + 1:  ${rawPerMinute.toFixed(0)} updates/min`);
  console.log(`Ratio checkout / raw row update:        ${(checkoutPerMinute / rawPerMinute).toFixed(3)}`);
  return [
    {
      figure: 'checkout, one hot ticket type (bookings/min)',
      measured: checkoutPerMinute.toFixed(0),
      raw: `${rawPerMinute.toFixed(0)} row updates/min`,
      ratio: (checkoutPerMinute / rawPerMinute).toFixed(3),
    },
  ];
}
