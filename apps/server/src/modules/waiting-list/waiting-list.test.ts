import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, inventoryOf, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { holdSeats, joinBody, offerTokenOf } from '../../../test/waiting-list-fixtures.js';
import { eventTicketTypes } from '../../db/schema/index.js';
import { releaseExpiredHolds } from '../booking/index.js';
import { runWaitingListSweep } from './index.js';

/** Waiting lists through HTTP on a real database (docs/waiting-list.md). */
let t: TestApp;
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));

beforeAll(async () => {
  // Holds last a week here, so only the test's own cancellations give seats back.
  t = await createTestApp({ clock, config: { booking: { holdMinutes: 7 * 24 * 60, sweepSeconds: 0 } } });
});
afterAll(async () => {
  await t.close();
});

async function organizerOf(owner: { email: string; password: string }) {
  return loginAs(t, owner.email, owner.password);
}

/** A sold-out type of `seats` seats, each held by its own paid booking. */
async function soldOut(seats: number) {
  const made = await sellableEvent(t, { types: [{ seats, price: 1500 }] });
  const typeId = made.ticketTypes[0]?.id as string;
  const holds = [];
  for (let i = 0; i < seats; i += 1) holds.push(await holdSeats(t, made.event.id, typeId));
  return { ...made, typeId, holds, session: await organizerOf(made.owner) };
}

const cancel = (hold: { bookingId: string; token: string }) => call(t, c.cancelHeldBooking, { body: hold });

describe('joining and leaving', () => {
  it('refuses to join while seats are free, then gives a place in line and a private link once sold out', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 1 }] });
    const typeId = ticketTypes[0]?.id as string;
    const early = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 1) });
    expect(early.status).toBe(409);
    expect(early.error?.errors?.[0]?.field).toBe('ticketTypeId');
    await holdSeats(t, event.id, typeId);
    const first = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 1) });
    const second = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 2, 2) });
    expect(first.body.result).toMatchObject({ status: 'WAITING', position: 1, quantity: 1 });
    expect(second.body.result.position).toBe(2);
    const again = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 1) });
    expect(again.status).toBe(409);
    expect(again.error?.errors?.[0]?.field).toBe('email');
    // The same address twice at once: the database lets one in.
    const twins = await Promise.all(
      [0, 1].map(() =>
        call(t, c.joinWaitingList, {
          body: { ...joinBody(event.id, typeId, 4), email: 'Twin@example.test' },
        }),
      ),
    );
    expect(twins.map((a) => a.status).sort()).toEqual([200, 409]);
    const bad = await call(t, c.joinWaitingList, { body: { ...joinBody(event.id, typeId, 3), quantity: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('quantity');

    const seen = await call(t, c.getWaitingListEntry, {
      query: { entryId: second.body.result._id, token: second.body.result.token },
    });
    expect(seen.body.result.position).toBe(2);
    const wrong = await call(t, c.getWaitingListEntry, {
      query: { entryId: second.body.result._id, token: first.body.result.token },
    });
    expect(wrong.status).toBe(404);

    const left = await call(t, c.leaveWaitingList, {
      body: { entryId: first.body.result._id, token: first.body.result.token },
    });
    expect(left.body.result).toMatchObject({ status: 'LEFT', position: null });
    const moved = await call(t, c.getWaitingListEntry, {
      query: { entryId: second.body.result._id, token: second.body.result.token },
    });
    expect(moved.body.result.position).toBe(1);
    expect(
      (
        await call(t, c.leaveWaitingList, {
          body: { entryId: first.body.result._id, token: first.body.result.token },
        })
      ).status,
    ).toBe(409);
  });
});

describe('closed lines', () => {
  it('refuses a type whose sales have ended: nobody would be offered seats', async () => {
    const { event, typeId } = await soldOut(1);
    await t.db
      .update(eventTicketTypes)
      .set({ saleEndsAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(eventTicketTypes.id, typeId));
    const late = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 41) });
    expect(late.status).toBe(409);
    expect(late.error?.message).toBe(c.WAITING_LIST_MESSAGES.salesOver);
  });
});

describe('offers', () => {
  it('keeps a returned seat from the public, offers it in order, and the offer link buys it', async () => {
    const { event, typeId, holds } = await soldOut(2);
    const a = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 11) });
    const b = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 12) });
    expect((await cancel(holds[0] as never)).status).toBe(200);
    // The seat came back but stays taken for the list: a buyer off the street is told it is sold out.
    expect((await inventoryOf(t, typeId))[0]?.sold).toBe(2);
    const stranger = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      buyer: guest,
    });
    expect(stranger.status).toBe(409);

    await runWaitingListSweep(t.app.ports);
    const offered = await call(t, c.getWaitingListEntry, {
      query: { entryId: a.body.result._id, token: a.body.result.token },
    });
    expect(offered.body.result).toMatchObject({ status: 'OFFERED', offeredQuantity: 1 });
    expect(offered.body.result.offerExpiresAt).toBe(
      new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
    const token = await offerTokenOf(t, a.body.result._id);
    expect(token).toBeTruthy();

    const bought = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      buyer: { name: 'Waiting 11', email: 'wait11@example.test' },
      waitingListOffer: { entryId: a.body.result._id, token: token as string },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.result.status).toBe('HELD');
    expect((await inventoryOf(t, typeId))[0]?.sold).toBe(2);
    const twice = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      buyer: guest,
      waitingListOffer: { entryId: a.body.result._id, token: token as string },
    });
    expect(twice.status).toBe(409);
    const after = await call(t, c.getWaitingListEntry, {
      query: { entryId: a.body.result._id, token: a.body.result.token },
    });
    expect(after.body.result.status).toBe('ACCEPTED');
    const still = await call(t, c.getWaitingListEntry, {
      query: { entryId: b.body.result._id, token: b.body.result.token },
    });
    expect(still.body.result).toMatchObject({ status: 'WAITING', position: 1 });
  });

  it('passes an offer not used by its deadline to the next person, and frees seats nobody waits for', async () => {
    const { event, typeId, holds, session } = await soldOut(1);
    const a = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 21) });
    const b = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 22) });
    await call(t, c.updateWaitingListSettings, {
      token: session,
      body: { eventId: event.id, enabled: true, offerHours: 2 },
    });
    await cancel(holds[0] as never);
    await runWaitingListSweep(t.app.ports);
    clock.advance(2 * 3_600_000 + 1000);
    await runWaitingListSweep(t.app.ports);
    const list = await call(t, c.waitingListEntryList, { token: session, query: { eventId: event.id } });
    expect(list.body.result.items.map((e) => [e.name, e.status])).toEqual([
      ['Waiting 21', 'EXPIRED'],
      ['Waiting 22', 'OFFERED'],
    ]);
    const lateToken = await offerTokenOf(t, a.body.result._id);
    const late = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      buyer: guest,
      waitingListOffer: { entryId: a.body.result._id, token: lateToken as string },
    });
    expect(late.status).toBe(409);
    // The last person leaves with the offer open: nobody waits, so the seat goes back on sale.
    await call(t, c.leaveWaitingList, { body: { entryId: b.body.result._id, token: b.body.result.token } });
    expect((await inventoryOf(t, typeId))[0]?.sold).toBe(0);
  });
});

describe('seats from the hold sweep', () => {
  it('keeps the seats of an expired hold for the list in the sweep that frees them', async () => {
    const { event, typeId } = await soldOut(1);
    const a = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 51) });
    // The hold sweep's one statement, a week and a day on (holds last a week in this file).
    expect(await releaseExpiredHolds(t.db, new Date(clock.now().getTime() + 8 * 86_400_000))).toBeGreaterThan(
      0,
    );
    expect((await inventoryOf(t, typeId))[0]?.sold).toBe(1);
    await runWaitingListSweep(t.app.ports);
    const offered = await call(t, c.getWaitingListEntry, {
      query: { entryId: a.body.result._id, token: a.body.result.token },
    });
    expect(offered.body.result).toMatchObject({ status: 'OFFERED', offeredQuantity: 1 });
  });
});

describe('the organizer', () => {
  it('offers by hand, removes, exports and switches the list off; other organizers get 404', async () => {
    const { event, typeId, holds, session } = await soldOut(2);
    const a = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 31, 2) });
    const b = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 32) });
    // The dashboard shows the demand turned away: two people, three tickets.
    const dashboard = await call(t, c.organizerDashboard, { token: session, query: {} });
    expect(dashboard.body.result.waitingList).toEqual({ people: 2, tickets: 3 });

    const none = await call(t, c.offerWaitingListSeats, {
      token: session,
      body: { eventId: event.id, entryId: b.body.result._id },
    });
    expect(none.status).toBe(409);
    expect(none.error?.message).toBe(c.WAITING_LIST_MESSAGES.noSeats);

    await cancel(holds[0] as never);
    const byHand = await call(t, c.offerWaitingListSeats, {
      token: session,
      body: { eventId: event.id, entryId: b.body.result._id },
    });
    expect(byHand.body.result).toMatchObject({ status: 'OFFERED', offeredQuantity: 1 });
    expect(await offerTokenOf(t, b.body.result._id)).toBeTruthy();

    const removed = await call(t, c.removeWaitingListEntry, {
      token: session,
      body: { eventId: event.id, entryId: a.body.result._id },
    });
    expect(removed.body.result.status).toBe('REMOVED');

    const summary = await call(t, c.waitingListSummary, { token: session, query: { eventId: event.id } });
    expect(summary.body.result).toMatchObject({
      enabled: true,
      offerHours: 24,
      peopleWaiting: 0,
      offersOpen: 1,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `${c.waitingListExport.path}?eventId=${event.id}`,
      headers: clientHeaders(session),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Waiting 31');
    expect(csv.body).toContain('Removed');

    const off = await call(t, c.updateWaitingListSettings, {
      token: session,
      body: { eventId: event.id, enabled: false, offerHours: 24 },
    });
    expect(off.body.result.enabled).toBe(false);
    const closed = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 33) });
    expect(closed.status).toBe(409);
    expect(closed.error?.message).toBe(c.WAITING_LIST_MESSAGES.closed);

    const other = await createUser(t, { organizerRequest: 'APPROVED' });
    const stranger = await loginAs(t, other.email, other.password);
    const query = { eventId: event.id };
    expect((await call(t, c.waitingListEntryList, { token: stranger, query })).status).toBe(404);
    expect((await call(t, c.waitingListSummary, { token: stranger, query })).status).toBe(404);
    expect(
      (
        await call(t, c.removeWaitingListEntry, {
          token: stranger,
          body: { eventId: event.id, entryId: b.body.result._id },
        })
      ).status,
    ).toBe(404);
    const theirCsv = await t.app.inject({
      method: 'GET',
      url: `${c.waitingListExport.path}?eventId=${event.id}`,
      headers: clientHeaders(stranger),
    });
    expect(theirCsv.statusCode).toBe(404);
  });
});
