import { randomBytes, randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../src/lib/tokens.js';
import { call, invalid } from './calls.js';
import { book, guest, sellableEvent } from './checkout-fixtures.js';
import { eventWorld } from './event-fixtures.js';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from './helpers.js';

/** The 5xx answers the fuzz test (fuzz.test.ts) found, each kept as a plain regression. */
describe('bad input found by the fuzz test', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a donation beyond what an order column holds', () => {
    it('is a 400 naming the field and the maximum, for 2^31 and 2^53 - 1 alike', async () => {
      const sale = await sellableEvent(t, { types: [{ pricing: 'DONATION', price: 100 }] });
      const ticketTypeId = sale.ticketTypes[0]?.id as string;
      for (const amount of [2 ** 31, 2 ** 53 - 1, c.MAX_DONATION_MINOR + 1]) {
        const r = await book(t, {
          eventId: sale.event.id,
          lines: [{ ticketTypeId, quantity: 1, amount }],
          buyer: guest,
        });
        expect(r.status, String(amount)).toBe(400);
        expect(r.error?.errors?.[0]?.field).toBe('lines.0.amount');
        expect(r.error?.errors?.[0]?.message).toContain('100,000,000');
      }
      const largest = await book(t, {
        eventId: sale.event.id,
        lines: [{ ticketTypeId, quantity: 1, amount: c.MAX_DONATION_MINOR }],
        buyer: guest,
      });
      expect(largest.status).toBe(200);
    });
  });

  describe('an order whose lines each pass but whose total does not fit the order columns', () => {
    it('is a 400 on the lines, naming the maximum', async () => {
      const sale = await sellableEvent(t, {
        types: [{ price: c.EVENT_LIMITS.maxPrice, seats: 100 }],
        maxTicketsPerOrder: 30,
      });
      const r = await book(t, {
        eventId: sale.event.id,
        lines: [{ ticketTypeId: sale.ticketTypes[0]?.id as string, quantity: 30 }],
        buyer: guest,
      });
      expect(r.status).toBe(400);
      expect(r.error?.errors).toEqual([{ field: 'lines', message: c.BOOKING_MESSAGES.orderTotalMaximum }]);
    });
  });

  describe('dates the ISO format allows but JavaScript or PostgreSQL cannot hold', () => {
    it('are a 400 naming the field and the years, in a body and in a query', async () => {
      const admin = await createUser(t, { role: 'ADMIN' });
      const token = await loginAs(t, admin.email, admin.password);
      for (const activeFrom of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00']) {
        const r = await call(t, c.createBanner, {
          token,
          body: invalid({
            title: 'Far away',
            image: '/media/banner.png',
            linkType: 'URL',
            linkValue: 'https://example.test',
            activeFrom,
          }),
        });
        expect(r.status, activeFrom).toBe(400);
        expect(r.error?.errors).toEqual([{ field: 'activeFrom', message: expect.stringContaining('9999') }]);
      }
      const world = await eventWorld(t);
      const made = await world.event();
      const history = await call(t, c.getScanHistory, {
        token: world.tokens.owner,
        query: { eventId: made.event.id, from: '0001-01-01T00:00:00+14:00' },
      });
      expect(history.status).toBe(400);
      expect(history.error?.errors?.[0]?.field).toBe('from');
    });
  });

  describe('a return path that a URL parser reads as another host', () => {
    it('is a 400, not a 502 from the payment provider: tabs, newlines and backslashes', async () => {
      const sale = await sellableEvent(t);
      const ticketTypeId = sale.ticketTypes[0]?.id as string;
      for (const returnPath of [
        '/\t/evil.example',
        '/\n/evil.example',
        '/\r\n/evil.example',
        '/ /evil.example',
      ]) {
        const r = await book(t, {
          eventId: sale.event.id,
          lines: [{ ticketTypeId, quantity: 1 }],
          buyer: guest,
          returnPath,
        });
        expect(r.status, JSON.stringify(returnPath)).toBe(400);
        expect(r.error?.errors?.[0]?.field).toBe('returnPath');
      }
    });
  });

  describe('the social login callback', () => {
    it('answers a JSON array (or any body that is not a form) with a 400, not a 500', async () => {
      for (const payload of ['[1,2,3]', '[["code","x"]]', '{"code":{"nested":1}}', '"text"']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/user/social/google/callback',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBeLessThan(500);
        expect(response.statusCode, payload).not.toBe(302);
      }
    });
  });

  describe('the door', () => {
    it('answers 200 random QR codes, a few at a time, without a 5xx', async () => {
      const world = await eventWorld(t);
      const made = await world.event();
      const occurrenceId = made.occurrences[0]?.id as string;
      const codes = Array.from(
        { length: 200 },
        (_, i) =>
          [
            randomBytes(16).toString('base64url'),
            randomBytes(1 + (i % 40)).toString('hex'),
            randomBytes(1 + (i % 60)).toString('latin1'),
            String.fromCharCode(...Array.from(randomBytes(2 * (1 + (i % 30))), (b, j) => (b << 8) | j)),
          ][i % 4] as string,
      );
      const statuses: number[] = [];
      const queue = [...codes];
      const worker = async () => {
        for (let code = queue.shift(); code; code = queue.shift()) {
          const r = await call(t, c.scanTicket, {
            token: world.tokens.scanner,
            body: { eventId: made.event.id, occurrenceId, code, deviceId: 'door-1', nonce: randomUUID() },
            headers: { ...clientHeaders(world.tokens.scanner), 'idempotency-key': newToken() },
          });
          statuses.push(r.status);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses).toHaveLength(200);
    });
  });
});
