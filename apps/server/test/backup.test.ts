import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as c from '@marquee/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDatabase } from '../src/db/backup/backup.js';
import { key, qualified } from '../src/db/backup/catalog.query.js';
import type { Manifest } from '../src/db/backup/format.js';
import { RestoreRefusedError, restoreDatabase } from '../src/db/backup/restore.js';
import { serverDir } from './built-server.js';
import { book, guest, sellableEvent } from './checkout-fixtures.js';
import { httpCall, inParallel, listenOnLoopback } from './concurrency.js';
import { withDatabase } from './global-setup.js';
import { clientHeaders, type TestApp } from './helpers.js';
import { eventPeople, paidOrder, paymentsTestApp, payOnCardPage } from './paid-order-fixtures.js';
import { buildPrivateBundle } from './private-bundle.js';

/**
 * docs/operations.md, "Backups": a backup taken while buyers check out, pay and get scanned at the
 * door is one snapshot, and restoring it into an empty database gives a copy on which the money and
 * door invariants of domain.md hold and every table has the rows the backup says it had.
 */
let t: TestApp;
let base: string;
let work: string;
const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
const made: string[] = [];

beforeAll(async () => {
  ({ t } = await paymentsTestApp({ database: { max: 16, connectionTimeoutMs: 30_000 } }));
  base = await listenOnLoopback(t);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-backup-test-'));
  await admin.connect();
});
afterAll(async () => {
  await t.close();
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await fs.rm(work, { recursive: true, force: true });
});

async function emptyDatabase() {
  const name = `marquee_restore_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  made.push(name);
  return withDatabase(inject('pgAdminUrl'), name);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('db:backup and db:restore', () => {
  let manifest: Manifest;
  let restoredUrl: string;
  let restoredMedia: string;

  it('backs up one snapshot while orders, payments and scans run, and restores it whole', async () => {
    const world = await sellableEvent(t, { types: [{ price: 2500, seats: 300 }], maxTicketsPerOrder: 10 });
    const { scannerToken } = await eventPeople(t, world);
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push(await paidOrder(t, world, 3));
    const codes = paid.flatMap((order) => order.tickets.map((ticket) => ticket.code));
    const waitingToPay = [];
    for (let i = 0; i < 4; i++) {
      const held = await book(t, {
        eventId: world.event.id,
        lines: [{ ticketTypeId: world.ticketTypes[0]?.id as string, quantity: 2 }],
        buyer: guest,
      });
      waitingToPay.push(held.body.result.payment?.redirectUrl ?? null);
    }
    await fs.writeFile(path.join(t.mediaDir, 'poster.webp'), randomBytes(50_000));
    const file = path.join(work, 'live.backup');

    const [checkouts, scans] = await Promise.all([
      inParallel(base, 12, (i) => ({
        method: 'POST',
        path: c.createBooking.path,
        headers: { ...clientHeaders(), 'idempotency-key': `backup-${i}-${randomUUID()}` },
        body: {
          eventId: world.event.id,
          lines: [{ ticketTypeId: world.ticketTypes[0]?.id, quantity: 1 + (i % 3) }],
          buyer: guest,
        },
      })),
      inParallel(base, 12, (i) => ({
        method: 'POST',
        path: c.scanTicket.path,
        headers: clientHeaders(scannerToken),
        body: {
          eventId: world.event.id,
          occurrenceId: world.occurrences[0]?.id,
          code: codes[i % codes.length],
          deviceId: `Door-${i % 3}`,
          nonce: randomUUID(),
        },
      })),
      Promise.all(waitingToPay.map((url) => payOnCardPage(t, url))),
      (async () => {
        manifest = await backupDatabase({ databaseUrl: t.url, file, mediaDir: t.mediaDir });
      })(),
    ]);
    expect(checkouts.byStatus).toEqual({ 200: 12 });
    expect(scans.byStatus).toEqual({ 200: 12 });
    // More happens after the backup: the restored copy must hold the snapshot, not the live rows.
    await httpCall(base, {
      method: 'POST',
      path: c.createBooking.path,
      headers: { ...clientHeaders(), 'idempotency-key': randomUUID() },
      body: {
        eventId: world.event.id,
        lines: [{ ticketTypeId: world.ticketTypes[0]?.id, quantity: 1 }],
        buyer: guest,
      },
    });

    restoredUrl = await emptyDatabase();
    restoredMedia = path.join(work, 'restored-media');
    const restored = await restoreDatabase({ databaseUrl: restoredUrl, file, mediaDir: restoredMedia });
    expect(restored.rowCounts).toEqual(manifest.rowCounts);
    expect(manifest.rowCounts['public.bookings']).toBeGreaterThanOrEqual(7);
    expect(manifest.rowCounts['public.ledger_entries']).toBeGreaterThan(0);
    expect(manifest.mediaFiles).toBe(1);

    for (const table of manifest.tables) {
      const [row] = await query<{ n: number }>(
        restoredUrl,
        `select count(*)::int as n from ${qualified(table)}`,
      );
      expect(row?.n, key(table)).toBe(manifest.rowCounts[key(table)]);
    }
    expect(await fs.readFile(path.join(restoredMedia, 'poster.webp'))).toEqual(
      await fs.readFile(path.join(t.mediaDir, 'poster.webp')),
    );
  }, 60_000);

  it('gives a copy on which the money and door invariants hold', async () => {
    // Every posting group of the double-entry ledger sums to zero.
    expect(
      await query(
        restoredUrl,
        'select group_id, currency, sum(amount) from ledger_entries group by 1, 2 having sum(amount) <> 0',
      ),
    ).toEqual([]);
    // Never refunded above what was paid.
    expect(
      await query(restoredUrl, 'select id from bookings where refunded > total or refunded < 0'),
    ).toEqual([]);
    // One admission per ticket and date.
    expect(
      await query(
        restoredUrl,
        'select ticket_id, occurrence_id from ticket_admissions group by 1, 2 having count(*) > 1',
      ),
    ).toEqual([]);
    // An order's seats are its lines' (the table's trigger must not count the loaded lines again).
    expect(
      await query(
        restoredUrl,
        `select b.id from bookings b
           left join (select booking_id, sum(quantity)::int as q from booking_lines group by 1) l on l.booking_id = b.id
          where b.seats <> coalesce(l.q, 0)`,
      ),
    ).toEqual([]);
    // Seats taken equal the seats of live orders, per inventory row: the tables come from one moment.
    expect(
      await query(
        restoredUrl,
        `select i.id, i.sold, coalesce(sum(l.quantity) filter (where b.status in ('HELD', 'CONFIRMED')), 0)::int as held
           from ticket_inventory i
           left join booking_lines l on l.inventory_id = i.id
           left join bookings b on b.id = l.booking_id
          group by i.id having i.sold <> coalesce(sum(l.quantity) filter (where b.status in ('HELD', 'CONFIRMED')), 0)
              or i.sold > i.capacity`,
      ),
    ).toEqual([]);
  });

  it('refuses a target that already holds data, and changes nothing there', async () => {
    const file = path.join(work, 'again.backup');
    await backupDatabase({ databaseUrl: t.url, file });
    const before = await query<{ n: number }>(restoredUrl, 'select count(*)::int as n from bookings');
    await expect(restoreDatabase({ databaseUrl: restoredUrl, file })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreDatabase({ databaseUrl: restoredUrl, file })).rejects.toThrow(/not empty/);
    expect(await query<{ n: number }>(restoredUrl, 'select count(*)::int as n from bookings')).toEqual(
      before,
    );
  });

  it('runs as the built CLIs (`npm run db:backup` / `db:restore`): plain node, no tsx', async () => {
    // What the npm scripts run: the CLIs bundled as scripts/build.mjs bundles them (a private copy, so a
    // fresh clone needs no earlier build and no other test's rebuild of dist/ races this one).
    const bundled = await buildPrivateBundle('backup-cli', {
      'backup-cli': 'src/db/backup-cli.ts',
      'restore-cli': 'src/db/restore-cli.ts',
    });
    const cli = (name: string, databaseUrl: string, file: string) =>
      new Promise<string>((resolve, reject) => {
        const bundle = path.join(bundled.dir, `${name}-cli.js`);
        const { NODE_OPTIONS: _loader, ...env } = process.env;
        execFile(
          process.execPath,
          [bundle, file],
          { cwd: serverDir, env: { ...env, DATABASE_URL: databaseUrl, DATA_DIR: work }, timeout: 120_000 },
          (error, stdout, stderr) => (error ? reject(new Error(`${name}: ${stderr}`)) : resolve(stdout)),
        );
      });
    const file = path.join(work, 'cli.mqbk');
    expect(await cli('backup', t.url, file)).toMatch(/^Backup written to .*cli\.mqbk: \d+ tables/);
    const target = await emptyDatabase();
    expect(await cli('restore', target, file)).toMatch(/row counts match the backup/);
    const [source] = await query<{ n: number }>(t.url, 'select count(*)::int as n from tickets');
    expect(await query<{ n: number }>(target, 'select count(*)::int as n from tickets')).toEqual([source]);
    await bundled.dispose();
  }, 120_000);
});
