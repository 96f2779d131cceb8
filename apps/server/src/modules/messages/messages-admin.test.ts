import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  createTestApp,
  createUser,
  deliverMessages,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import type { Email } from '../../adapters/mailer/mailer.js';
import { auditLog, outboxMessages, outgoingMessages } from '../../db/schema/index.js';
import { deliverDueMessages } from './deliver.js';
import { messageRenderers } from './index.js';

const clock = manualClock(new Date());
let t: TestApp;
let adminToken: string;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await createUser(t, { role: 'ADMIN' });
  adminToken = await loginAs(t, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
});

/** A free order: its confirmation is enqueued with the order and event it is about. */
async function orderWithMessage() {
  const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 20 }] });
  const answer = await book(t, {
    eventId: event.id,
    lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
    buyer: guest,
  });
  expect(answer.status).toBe(200);
  const [message] = await t.db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.orderId, answer.body.result._id));
  return { order: answer.body.result, event, message: message as typeof outgoingMessages.$inferSelect };
}

async function insertMessage(
  recipient: string,
  status: 'PENDING' | 'SENT' | 'FAILED',
  createdAt = clock.now(),
  content?: { subject: string; text: string },
) {
  const [row] = await t.db
    .insert(outgoingMessages)
    .values({
      kind: 'invitation',
      channel: 'EMAIL',
      recipient,
      data: {},
      secrets: content ? { content: JSON.stringify(content) } : null,
      intentKey: `test:${randomUUID()}`,
      status,
      nextAttemptAt: createdAt,
      sentAt: status === 'SENT' ? createdAt : null,
      createdAt,
    })
    .returning();
  return row as typeof outgoingMessages.$inferSelect;
}

describe('outgoing messages for administrators', () => {
  it('lists a given-up message with its order code, event title and error; filters by status and kind', async () => {
    const { order, event, message } = await orderWithMessage();
    await t.db
      .update(outgoingMessages)
      .set({ status: 'FAILED', attempts: 30, lastError: 'SMTP 554 rejected' })
      .where(eq(outgoingMessages.id, message.id));

    const failed = await call(t, c.getOutgoingMessageList, {
      token: adminToken,
      query: { status: 'FAILED', kind: 'order-confirmation', limit: 100 },
    });
    expect(failed.status).toBe(200);
    const item = failed.body.result.items.find((i) => i._id === message.id);
    expect(item).toMatchObject({
      kind: 'order-confirmation',
      channel: 'EMAIL',
      recipient: guest.email,
      orderCode: order.code,
      eventTitle: event.title,
      status: 'FAILED',
      attempts: 30,
      lastError: 'SMTP 554 rejected',
      sentAt: null,
    });
    expect(
      failed.body.result.items.every((i) => i.status === 'FAILED' && i.kind === 'order-confirmation'),
    ).toBe(true);

    const sent = await call(t, c.getOutgoingMessageList, {
      token: adminToken,
      query: { status: 'SENT', limit: 100 },
    });
    expect(sent.body.result.items.some((i) => i._id === message.id)).toBe(false);
  });

  it('searches by recipient and pages messages enqueued at the same instant each exactly once', async () => {
    const at = new Date(clock.now().getTime() - 60_000);
    const ids = new Set<string>();
    for (let n = 0; n < 5; n += 1)
      ids.add((await insertMessage(`same-${n}-${tag}@example.test`, 'PENDING', at)).id);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await call(t, c.getOutgoingMessageList, {
        token: adminToken,
        query: { search: `-${tag}@example`, page, limit: 1 },
      });
      expect(answer.body.result.total).toBe(5);
      seen.push(...answer.body.result.items.map((i) => i._id));
    }
    expect(new Set(seen)).toEqual(ids);
  });

  it('retries a failed message: pending and due now with its attempts starting over, audited, then sent', async () => {
    const { message } = await orderWithMessage();
    await t.db
      .update(outgoingMessages)
      .set({ status: 'FAILED', attempts: 30, lastError: 'SMTP 554 rejected' })
      .where(eq(outgoingMessages.id, message.id));
    clock.advance(60_000);

    const retried = await call(t, c.retryOutgoingMessage, {
      token: adminToken,
      body: { messageId: message.id },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({
      _id: message.id,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      nextAttemptAt: clock.now().toISOString(),
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, message.id), eq(auditLog.action, 'OUTGOING_MESSAGE_RETRIED')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: 'OUTGOING_MESSAGE',
      before: { status: ['PENDING', 'FAILED'] },
    });

    await deliverMessages(t);
    const [after] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, message.id));
    expect(after?.status).toBe('SENT');
  });

  it('answers 409 naming the state for a sent message and 404 for an unknown one', async () => {
    const sent = await insertMessage(`sent-${tag}@example.test`, 'SENT');
    const again = await call(t, c.retryOutgoingMessage, { token: adminToken, body: { messageId: sent.id } });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe("This message is sent, so it can't become pending.");
    const [unchanged] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, sent.id));
    expect(unchanged?.status).toBe('SENT');

    const unknown = await call(t, c.retryOutgoingMessage, {
      token: adminToken,
      body: { messageId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
  });

  describe('a retry never hands a message a worker holds to a second one', () => {
    const sentTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
    const retryMany = (messageId: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          call(t, c.retryOutgoingMessage, { token: adminToken, body: { messageId } }),
        ),
      );

    /** A delivery run whose mail server holds `to`'s email until `release` (other mail goes through). */
    function slowRun(to: string) {
      let release = () => {};
      let taken = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sending = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const ports = t.app.ports;
      const run = deliverDueMessages({
        db: ports.db,
        clock: ports.clock,
        sms: ports.sms,
        log: ports.log,
        renderers: messageRenderers(ports),
        mailer: {
          kind: ports.mailer.kind,
          async send(email: Email) {
            if (email.to === to) {
              taken();
              await held;
            }
            await ports.mailer.send(email);
          },
        },
      });
      return { run, sending, release };
    }

    it('while a worker is sending it: every retry, fired together, is 409 and it goes out once', async () => {
      const to = `leased-${tag}@example.test`;
      const row = await insertMessage(to, 'PENDING', clock.now(), { subject: 'Held', text: 'Held' });
      const worker = slowRun(to);
      await worker.sending;
      const [leased] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, row.id));
      expect(leased?.leasedUntil?.getTime()).toBeGreaterThan(clock.now().getTime());

      const answers = await retryMany(row.id, 10);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(409));
      expect(answers[0]?.error?.message).toBe(c.OUTGOING_MESSAGE_MESSAGES.beingSent);
      const [still] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, row.id));
      expect(still).toMatchObject({ status: 'PENDING', attempts: 1, leasedUntil: leased?.leasedUntil });

      worker.release();
      await worker.run;
      await deliverMessages(t);
      const [after] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, row.id));
      expect(after).toMatchObject({ status: 'SENT', leasedUntil: null });
      expect(await sentTo(to)).toHaveLength(1);
      const retriedEntries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'OUTGOING_MESSAGE_RETRIED')));
      expect(retriedEntries).toHaveLength(0);
    });

    it('a lease that ran out (its worker died) may be retried', async () => {
      const to = `expired-${tag}@example.test`;
      const row = await insertMessage(to, 'PENDING', clock.now(), { subject: 'Late', text: 'Late' });
      await t.db
        .update(outgoingMessages)
        .set({ attempts: 1, leasedUntil: new Date(clock.now().getTime() - 1000) })
        .where(eq(outgoingMessages.id, row.id));
      const answer = await call(t, c.retryOutgoingMessage, {
        token: adminToken,
        body: { messageId: row.id },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({ status: 'PENDING', attempts: 0 });
    });

    it('parallel retries of a failed message while delivery runs: it is sent exactly once', async () => {
      const to = `parallel-${tag}@example.test`;
      const row = await insertMessage(to, 'FAILED', clock.now(), { subject: 'Once', text: 'Once' });
      const [answers] = await Promise.all([
        retryMany(row.id, 12),
        deliverMessages(t),
        deliverMessages(t),
        deliverMessages(t),
      ]);
      // Each retry either applied (the row was failed or waiting) or met the row leased or already sent.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      await deliverMessages(t);
      await deliverMessages(t);
      const [after] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, row.id));
      expect(after?.status).toBe('SENT');
      expect(await sentTo(to)).toHaveLength(1);
    });
  });
});
