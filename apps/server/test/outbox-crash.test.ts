import { createBooking } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { outgoingMessages } from '../src/db/schema/index.js';
import { freePort } from './built-server.js';
import { guest, sellableEvent } from './checkout-fixtures.js';
import { clientHeaders } from './client-headers.js';
import { freshDatabase, type TestApp } from './helpers.js';
import { startSmtpServer } from './message-servers.js';
import { buildPrivateBundle, type PrivateBundle, waitFor } from './private-bundle.js';

/**
 * "Nothing lost": a real server process confirms a free order while the mail server is down and is
 * killed (SIGKILL) before the email could go out; a new process started with the mail server back
 * sends it, exactly once.
 */

let bundle: PrivateBundle;
beforeAll(async () => {
  bundle = await buildPrivateBundle('outbox-crash');
}, 60_000);
afterAll(() => bundle?.dispose());

async function start(env: Record<string, string>) {
  const port = await freePort();
  const server = bundle.start({ PORT: String(port), ...env });
  await waitFor(
    () => server.output().includes('Marquee is up'),
    30_000,
    () => `the server to start: ${server.output()}`,
  );
  return { ...server, base: `http://127.0.0.1:${port}` };
}

describe('outgoing messages survive a killed server', () => {
  it('SIGKILL with the confirmation unsent (mail server down), start again with it up: the email arrives once', async () => {
    const database = await freshDatabase();
    const { db } = database;
    const smtp = await startSmtpServer();
    try {
      const maker = await buildApp({ config: testConfig(), db, jobs: false });
      await maker.ready();
      const { event, ticketTypes } = await sellableEvent({ app: maker, db } as unknown as TestApp, {
        types: [{ pricing: 'FREE', seats: 10 }],
      });
      await maker.close();

      const env = {
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Marquee <no-reply@marquee.test>',
      };
      smtp.state.down = true;
      const first = await start(env);
      const answer = await fetch(`${first.base}${createBooking.path}`, {
        method: 'POST',
        headers: { ...clientHeaders(), 'content-type': 'application/json', 'idempotency-key': 'crash-1' },
        body: JSON.stringify({
          eventId: event.id,
          lines: [{ ticketTypeId: ticketTypes[0]?.id, quantity: 2 }],
          buyer: guest,
        }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const order = ((await answer.json()) as { result: { _id: string; code: string; status: string } })
        .result;
      expect(order.status).toBe('CONFIRMED');
      const messageRow = async () =>
        (await db.select().from(outgoingMessages).where(eq(outgoingMessages.orderId, order._id)))[0];
      // The first server tried and the mail server refused: the message waits for its next attempt.
      await waitFor(
        async () => Boolean((await messageRow())?.lastError),
        20_000,
        () => `a failed first attempt: ${first.output().slice(-2000)}`,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(smtp.received).toHaveLength(0);
      expect(await messageRow()).toMatchObject({ status: 'PENDING' });

      smtp.state.down = false;
      const second = await start(env);
      // Its next attempt is 30 s after the failure; the new process's delivery loop takes it then.
      await waitFor(
        async () => (await messageRow())?.status === 'SENT',
        90_000,
        () => `the email after the restart: ${second.output().slice(-2000)}`,
      );
      const about = smtp.received.filter((mail) => mail.raw.includes(order.code));
      expect(about).toHaveLength(1);
      expect(about[0]?.to).toEqual([guest.email]);
      // The log names the order and a masked recipient, never the address.
      expect(second.output()).toContain(order.code);
      expect(second.output()).not.toContain(guest.email);
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      await smtp.close();
      await database.drop();
    }
  }, 180_000);
});
