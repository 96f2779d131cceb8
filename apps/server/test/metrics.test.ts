import * as c from '@marquee/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionName, sidePool } from '../src/db/client.js';
import { outgoingMessages } from '../src/db/schema/index.js';
import { EVENT_REFUND_QUEUE } from '../src/modules/refunds/commands/run-event-refund.js';
import { refundEngine } from '../src/modules/refunds/index.js';
import { METRICS_PATH } from '../src/plugins/metrics.js';
import { checkInReadsWorld, scanAt } from './check-in-reads-world.js';
import { book, guest, sellableEvent } from './checkout-fixtures.js';
import { clientHeaders, createTestApp, deliverMessages, type TestApp } from './helpers.js';
import { paidBooking } from './paid-order-fixtures.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

async function scrape(t: TestApp, authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: METRICS_PATH,
    headers: authorization ? { authorization } : {},
  });
}

/** The value of one series in Prometheus's text format (`name{labels} value`); 0 when absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function metricsText(t: TestApp) {
  const answer = await scrape(t, `Bearer ${TOKEN}`);
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

describe('metrics off (no METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no endpoint: like any unknown API path (404 to the console, 403 without its credentials)', async () => {
    const asConsole = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: clientHeaders(),
    });
    expect(asConsole.statusCode).toBe(404);
    const asScraper = await scrape(t, `Bearer ${TOKEN}`);
    expect(asScraper.statusCode).toBe(403);
    expect(asScraper.body).not.toContain('marquee_');
  });
});

describe('metrics on (METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a scrape without the bearer token, or with another one, with 401 and no metrics', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(t, authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('marquee_');
    }
  });

  it('needs no client credentials: a scraper is not the console', async () => {
    const answer = await scrape(t, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const health = 'marquee_http_requests_total{method="GET",route="/api/health",status_class="2xx"}';
    const before = seriesValue(await metricsText(t), health);
    for (let i = 0; i < 3; i++) {
      const answer = await t.app.inject({ method: 'GET', url: c.health.path, headers: clientHeaders() });
      expect(answer.statusCode).toBe(200);
    }
    const after = await metricsText(t);
    expect(seriesValue(after, health)).toBe(before + 3);
    expect(after).toContain(
      'marquee_http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"}',
    );

    // A route with a path parameter: one series for its pattern, whatever the URL said.
    const pattern = '/api/v1/payment/webhook/:provider';
    const provider = `no-such-provider-${Date.now()}`;
    const answer = await t.app.inject({
      method: 'POST',
      url: pattern.replace(':provider', provider),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const statusClass = `${Math.floor(answer.statusCode / 100)}xx`;
    const text = await metricsText(t);
    expect(
      seriesValue(
        text,
        `marquee_http_requests_total{method="POST",route="${pattern}",status_class="${statusClass}"}`,
      ),
    ).toBe(1);
    expect(text).not.toContain(provider);
  });

  it('reads the pool on each scrape: connections in use, idle, waiting', async () => {
    const text = await metricsText(t);
    for (const state of ['in_use', 'idle', 'waiting'])
      expect(text).toMatch(new RegExp(`^marquee_db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    // The scrape itself ran no query on the pool; the app's earlier calls left it a connection.
    expect(seriesValue(text, 'marquee_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
  });

  it('counts checkouts started and confirmed (a free booking)', async () => {
    const series = (outcome: string) => `marquee_checkouts_total{outcome="${outcome}"}`;
    const before = await metricsText(t);
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 5 }] });
    const answer = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
      buyer: guest,
    });
    expect(answer.status).toBe(200);
    const after = await metricsText(t);
    expect(seriesValue(after, series('started'))).toBe(seriesValue(before, series('started')) + 1);
    expect(seriesValue(after, series('confirmed'))).toBe(seriesValue(before, series('confirmed')) + 1);
  });

  it('counts a paid checkout confirmed by the provider, and refunds processed and refused', async () => {
    const checkouts = (outcome: string) => `marquee_checkouts_total{outcome="${outcome}"}`;
    const refunds = (outcome: string) => `marquee_refunds_total{outcome="${outcome}"}`;
    const before = await metricsText(t);
    const paid = await paidBooking(t, { quantity: 2, price: 2000 });
    const refund = (ticketId: string) =>
      refundEngine(t.app.ports).refund({
        bookingId: paid.bookingId,
        ticketIds: [ticketId],
        source: 'ORGANIZER',
        idempotencyKey: `metrics:${ticketId}`,
      });
    const [first, second] = paid.tickets;
    if (!first || !second) throw new Error('fixture: two tickets');
    expect((await refund(first.id)).status).toBe('PROCESSED');
    // The provider refuses the next one.
    const provider = t.app.ports.payments;
    const original = provider.refund;
    provider.refund = async () => ({
      status: 'FAILED',
      providerRef: 'refused',
      failureReason: 'account closed',
    });
    try {
      expect((await refund(second.id)).status).toBe('FAILED');
    } finally {
      provider.refund = original;
    }
    const after = await metricsText(t);
    expect(seriesValue(after, checkouts('started'))).toBe(seriesValue(before, checkouts('started')) + 1);
    expect(seriesValue(after, checkouts('confirmed'))).toBe(seriesValue(before, checkouts('confirmed')) + 1);
    expect(seriesValue(after, refunds('processed'))).toBe(seriesValue(before, refunds('processed')) + 1);
    expect(seriesValue(after, refunds('failed'))).toBe(seriesValue(before, refunds('failed')) + 1);
  });

  it('counts admissions: admitted, already scanned, invalid', async () => {
    const w = await checkInReadsWorld(t);
    const series = (outcome: string) => `marquee_admissions_total{outcome="${outcome}"}`;
    const before = await metricsText(t);
    const door = { eventId: w.weekend.event.id, occurrenceId: w.date(0) };
    const ada = w.ticket(w.orders.ada);
    expect((await scanAt(t, w.tokens.scanner, { ...door, code: ada.code })).result).toBe('ADMITTED');
    expect((await scanAt(t, w.tokens.scanner, { ...door, code: ada.code })).result).toBe('ALREADY_SCANNED');
    expect((await scanAt(t, w.tokens.scanner, { ...door, code: 'not-a-ticket-code' })).result).toBe(
      'NOT_FOUND',
    );
    const after = await metricsText(t);
    for (const outcome of ['admitted', 'already_scanned', 'invalid'])
      expect(seriesValue(after, series(outcome)), outcome).toBe(seriesValue(before, series(outcome)) + 1);
  });

  it('reads outgoing messages waiting and given up on each scrape, and counts delivery attempts', async () => {
    const gauge = (state: string) => `marquee_outgoing_messages{state="${state}"}`;
    const attempts = (outcome: string) => `marquee_outgoing_message_deliveries_total{outcome="${outcome}"}`;
    const before = await metricsText(t);
    // A free order's confirmation waits for the worker; a message given up long ago is FAILED.
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 5 }] });
    await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
      buyer: guest,
    });
    await t.db.insert(outgoingMessages).values({
      kind: 'invitation',
      channel: 'EMAIL',
      recipient: 'given-up@example.test',
      data: {},
      intentKey: `metrics-failed:${Date.now()}`,
      status: 'FAILED',
      attempts: 30,
      lastError: 'SMTP 554',
      nextAttemptAt: new Date(),
      createdAt: new Date(),
    });
    const waiting = await metricsText(t);
    expect(seriesValue(waiting, gauge('pending'))).toBe(seriesValue(before, gauge('pending')) + 1);
    expect(seriesValue(waiting, gauge('failed'))).toBe(seriesValue(before, gauge('failed')) + 1);

    const run = await deliverMessages(t);
    expect(run.sent).toBeGreaterThan(0);
    const after = await metricsText(t);
    expect(seriesValue(after, attempts('sent'))).toBe(seriesValue(waiting, attempts('sent')) + run.sent);
    expect(seriesValue(after, attempts('retry')) + seriesValue(after, attempts('failed'))).toBe(
      seriesValue(waiting, attempts('retry')) + seriesValue(waiting, attempts('failed')) + run.failed,
    );
    expect(seriesValue(after, gauge('pending'))).toBe(run.failed);
    expect(seriesValue(after, gauge('failed'))).toBe(seriesValue(waiting, gauge('failed')));
  });
});

describe('connections name their process (application_name)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function namesSeenBy(url: string): Promise<string[]> {
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ name: string }>(
        'select application_name as name from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((r) => r.name);
    } finally {
      await observer.end();
    }
  }

  it("the API pool's connections show up in pg_stat_activity as marquee-api:<pid>", async () => {
    await t.app.inject({ method: 'GET', url: c.health.path, headers: clientHeaders() });
    expect(connectionName('api')).toBe(`marquee-api:${process.pid}`);
    expect(await namesSeenBy(t.url)).toContain(`marquee-api:${process.pid}`);
  });

  it("a side pool's connections (exports) carry the name they are given", async () => {
    const pool = sidePool(t.db.$client, 1, undefined, connectionName('export', 'staging'));
    try {
      const { rows } = await pool.query<{ name: string }>(
        "select current_setting('application_name') as name",
      );
      expect(rows[0]?.name).toBe(`staging-export:${process.pid}`);
    } finally {
      await pool.end();
    }
  });
});

describe('metrics of the job queue (the queue running in this process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN }, jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the jobs waiting per queue on each scrape', async () => {
    // A job for an hour from now, on a queue with no schedule: it waits in `created` while the test reads.
    const queue = EVENT_REFUND_QUEUE;
    const series = `marquee_job_queue_jobs{queue="${queue}",state="created"}`;
    const before = seriesValue(await metricsText(t), series);
    expect(await t.app.jobs.send(queue, {}, { startAfterSeconds: 3600 })).toBeTruthy();
    expect(seriesValue(await metricsText(t), series)).toBe(before + 1);
  });
});
