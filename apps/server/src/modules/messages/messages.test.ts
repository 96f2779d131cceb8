import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import { createTestApp, deliverMessages, manualClock, type TestApp } from '../../../test/helpers.js';
import { startSmtpServer } from '../../../test/message-servers.js';
import { createSmtpMailer } from '../../adapters/mailer/mailer.js';
import { connectDatabase } from '../../db/client.js';
import { outgoingMessages } from '../../db/schema/index.js';
import { deliverDueMessages } from './deliver.js';
import { enqueueMessage, messageRenderers } from './index.js';

const clock = manualClock(new Date());
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock,
    config: { mail: { smtpUrl: smtp.url, from: 'Marquee <no-reply@marquee.test>' } },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsAbout = (code: string) => smtp.received.filter((mail) => mail.raw.includes(code));

async function freeOrder() {
  const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 20 }] });
  const answer = await book(t, {
    eventId: event.id,
    lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
    buyer: guest,
  });
  expect(answer.status).toBe(200);
  return answer.body.result;
}

const messageOf = async (orderId: string) =>
  t.db.select().from(outgoingMessages).where(eq(outgoingMessages.orderId, orderId));

describe('outgoing messages', () => {
  it('keeps a confirmed order’s email while the mail server is down and sends it once when it is back', async () => {
    smtp.state.down = true;
    const order = await freeOrder();
    expect(order.status).toBe('CONFIRMED');
    await deliverMessages(t);
    expect(mailsAbout(order.code)).toHaveLength(0);
    const [waiting] = await messageOf(order._id);
    expect(waiting).toMatchObject({ kind: 'order-confirmation', status: 'PENDING', attempts: 1 });
    expect(waiting?.lastError).toBeTruthy();
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());

    smtp.state.down = false;
    // Not due yet: the worker leaves it until its next attempt.
    await deliverMessages(t);
    expect(mailsAbout(order.code)).toHaveLength(0);
    clock.advance(31_000);
    await deliverMessages(t);
    await deliverMessages(t);
    expect(mailsAbout(order.code)).toHaveLength(1);
    expect(mailsAbout(order.code)[0]?.raw).toContain(order._id);
    const [sent] = await messageOf(order._id);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, secrets: null, lastError: null });
  });

  it('enqueues nothing for a change that rolls back, and once for a change that was retried', async () => {
    const intentKey = `test:${Date.now()}`;
    const message = {
      kind: 'test-notice',
      channel: 'EMAIL' as const,
      recipient: 'rolled-back@example.test',
      data: { content: { subject: 'Rolled back', text: 'x', html: '<p>x</p>' } },
      intentKey,
    };
    await expect(
      t.app.ports.unitOfWork(async (change) => {
        await enqueueMessage(change, message);
        throw new Error('the change fails after enqueuing');
      }),
    ).rejects.toThrow('the change fails');
    const rolledBack = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.intentKey, intentKey));
    expect(rolledBack).toHaveLength(0);

    let tries = 0;
    await t.app.ports.unitOfWork(async (change) => {
      await enqueueMessage(change, { ...message, recipient: 'retried@example.test' });
      tries += 1;
      // A serialization failure on the first try: the unit of work runs the whole change again.
      if (tries === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    // The same intent enqueued again by a later change adds nothing.
    await t.app.ports.unitOfWork((change) =>
      enqueueMessage(change, { ...message, recipient: 'retried@example.test' }),
    );
    expect(tries).toBe(2);
    const kept = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.intentKey, intentKey));
    expect(kept).toHaveLength(1);
    await deliverMessages(t);
    expect(smtp.received.filter((mail) => mail.to.includes('retried@example.test'))).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.to.includes('rolled-back@example.test'))).toHaveLength(0);
  });

  it('sends each message once when two workers on two connection pools race', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await freeOrder());
    // A second worker as another process would run it: its own pool and its own mailer connection.
    const other = connectDatabase(t.url, { max: 3 });
    const otherMailer = createSmtpMailer({
      url: smtp.url,
      from: 'Marquee <no-reply@marquee.test>',
      log: quiet,
    });
    try {
      await Promise.all([
        deliverMessages(t),
        deliverDueMessages({
          db: other.db,
          clock,
          mailer: otherMailer,
          sms: t.app.ports.sms,
          log: quiet,
          renderers: messageRenderers(t.app.ports),
        }),
      ]);
    } finally {
      await otherMailer.close?.();
      await other.close();
    }
    for (const order of orders) expect(mailsAbout(order.code)).toHaveLength(1);
  });
});

const quiet = { info() {}, warn() {}, error() {} };
