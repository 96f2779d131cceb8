import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInReadsWorld, checkInReadsWorld, scanAt } from '../../../../test/check-in-reads-world.js';
import { listenOnLoopback } from '../../../../test/concurrency.js';
import { type EventStream, openEventStream } from '../../../../test/event-stream.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../../test/helpers.js';
import { localMediaStorage } from '../../../adapters/media-storage/index.js';
import { type App, buildApp } from '../../../app.js';
import { testConfig } from '../../../config.js';
import { connectDatabase, type Database } from '../../../db/client.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two API processes (two apps on one database) with REDIS_URL: a screen connected to one hears the
 * scans made through the other. Runs when TEST_REDIS_URL names a Redis (e.g. redis://127.0.0.1:6379).
 */
describe.skipIf(!redisUrl)('check-in live across processes (Redis)', () => {
  let a: TestApp;
  let b: { app: App; database: Database; mediaDir: string };
  let w: CheckInReadsWorld;
  let stream: EventStream<c.CheckInLiveMessage> | undefined;

  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl } });
    const database = connectDatabase(a.url, { max: 5 });
    const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-media-'));
    const app = await buildApp({
      config: testConfig({ redisUrl }),
      db: database.db,
      mediaStorage: localMediaStorage(mediaDir),
      jobs: false,
    });
    await app.ready();
    b = { app, database, mediaDir };
    w = await checkInReadsWorld(a);
  });
  afterAll(async () => {
    stream?.close();
    await b?.app.close();
    await b?.database.close();
    if (b) await fs.rm(b.mediaDir, { recursive: true, force: true });
    await a?.close();
  });

  it('a screen on app A gets new counts within 2 s of a scan through app B', async () => {
    const base = await listenOnLoopback(a);
    stream = await openEventStream<c.CheckInLiveMessage>(
      `${base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId: w.weekend.event.id, occurrenceId: w.date(0) })}`,
      clientHeaders(w.tokens.scanner),
    );
    expect(stream.status).toBe(200);
    const first = await stream.next((m) => m.type === 'counts');
    expect(first).toMatchObject({ counts: { sold: 3, checkedIn: 0 } });

    const seen = stream.messages.length;
    const ada = w.ticket(w.orders.ada);
    // Through B: A's scan engine never hears of it; only Redis can tell A's screen.
    await scanAt({ ...a, app: b.app }, w.tokens.scanner, {
      eventId: w.weekend.event.id,
      occurrenceId: w.date(0),
      code: ada.code,
    });
    expect(await stream.next((m) => m.type === 'tickets-changed', 2_000, seen)).toMatchObject({
      ticketIds: [ada.id],
    });
    expect(await stream.next((m) => m.type === 'counts', 2_000, seen)).toMatchObject({
      counts: { sold: 3, checkedIn: 1 },
    });
  });
});
