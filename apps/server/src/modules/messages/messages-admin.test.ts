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
import { auditLog, outgoingMessages } from '../../db/schema/index.js';

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
) {
  const [row] = await t.db
    .insert(outgoingMessages)
    .values({
      kind: 'invitation',
      channel: 'EMAIL',
      recipient,
      data: {},
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
});
