import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../../test/booking-fixtures.js';
import { call } from '../../../test/calls.js';
import { sellableEvent } from '../../../test/checkout-fixtures.js';
import { type CatalogFixtures, catalogFixtures, eventInput } from '../../../test/event-authoring-fixtures.js';
import { createTestApp, deliverMessages, loginAs, type TestApp } from '../../../test/helpers.js';
import { outboxMessages } from '../../db/schema/index.js';

/**
 * A published event's date moves after tickets were sold: each buyer of that date is told, through the
 * outbox, what the date was and what it is now, both in the event's zone; an update that moves no date
 * tells no one.
 */
let t: TestApp;
let f: CatalogFixtures;

beforeAll(async () => {
  t = await createTestApp({ config: { devOutbox: true } });
  f = await catalogFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

describe('date-change emails', () => {
  it('tells each buyer of a moved date the old and the new date in the event’s zone', async () => {
    const sale = await sellableEvent(t, {
      startsAt: new Date('2026-12-12T19:30:00Z'),
      hours: 2.5,
      values: { timeZone: 'Europe/Dublin' },
    });
    const occurrence = sale.occurrences[0];
    const type = sale.ticketTypes[0];
    if (!occurrence || !type) throw new Error('fixture');
    const order = await insertBooking(t.db, {
      event: sale,
      buyer: { name: 'Ada', email: 'ada-moved@example.test' },
    });
    const token = await loginAs(t, sale.owner.email, sale.owner.password);
    const update = (startsAt: string, endsAt: string) =>
      call(t, c.updateSingleEvent, {
        token,
        body: {
          ...eventInput(f, sale.organization.id, {
            title: sale.event.title,
            location: {
              type: 'VENUE',
              venueName: 'Harbour Hall',
              address: '1 Quay Street',
              timeZone: 'Europe/Dublin',
            },
            occurrences: [{ _id: occurrence.id, startsAt, endsAt }],
            ticketTypes: [{ _id: type.id, pricing: 'PAID', name: type.name, price: 2500, quantity: 50 }],
          }),
          eventId: sale.event.id,
        },
      });
    const sent = async () => {
      await deliverMessages(t);
      return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'ada-moved@example.test'));
    };

    // Same date, new words: nobody is told.
    const same = await update('2026-12-12T19:30:00Z', '2026-12-12T22:00:00Z');
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await sent()).toHaveLength(0);

    const moved = await update('2026-12-13T20:00:00Z', '2026-12-13T22:30:00Z');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const emails = await sent();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(
      `New date for ${sale.event.title}: Sun 13 Dec 2026, 20:00 – 22:30 (Europe/Dublin)`,
    );
    expect(emails[0]?.text).toContain(`order ${order.booking.code}`);
    expect(emails[0]?.text).toContain('Was: Sat 12 Dec 2026, 19:30 – 22:00 (Europe/Dublin)');
    expect(emails[0]?.text).toContain('Now: Sun 13 Dec 2026, 20:00 – 22:30 (Europe/Dublin)');
    expect(emails[0]?.text).toContain('Your tickets stay valid for the new date');
  });
});
