import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import * as c from '@marquee/contract';
import { EXPORT_PATH, type ExportQuery, toMajorString } from '@marquee/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertManyBookings } from '../../../../test/booking-fixtures.js';
import { call } from '../../../../test/calls.js';
import type { Persona } from '../../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../../test/helpers.js';
import { codes, type OrdersWorld, ordersWorld } from '../../../../test/orders-world.js';
import { TOTAL_CAP } from '../../../db/list.js';

let t: TestApp;
let w: OrdersWorld;

const FORMULA_NAME = '=HYPERLINK("http://evil.example","click")';
const AWKWARD_NAME = 'Smith, "Jo"\r\nsecond line';

beforeAll(async () => {
  t = await createTestApp();
  w = await ordersWorld(t);
  // Names a spreadsheet could misread: a formula, and a comma, quotes and a line break.
  await insertBooking(t.db, {
    event: w.jazz,
    buyer: { name: FORMULA_NAME, email: '+1@example.test' },
    createdAt: new Date('2026-03-11T12:00:00Z'),
    code: 'FORMULA2',
  });
  await insertBooking(t.db, {
    event: w.jazz,
    buyer: { name: AWKWARD_NAME, email: 'jo@example.test' },
    createdAt: new Date('2026-03-12T12:00:00Z'),
    code: 'AWKWARD2',
  });
});
afterAll(async () => {
  await t?.close();
});

function exportUrl(query: Partial<Record<keyof ExportQuery, string>>) {
  return `${EXPORT_PATH}?${new URLSearchParams(query as Record<string, string>).toString()}`;
}

async function download(
  who: Persona | null,
  query: Partial<Record<keyof ExportQuery, string>>,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'GET',
    url: exportUrl(query),
    headers: { ...clientHeaders(who ? w.tokens[who] : undefined), ...headers },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const parseCsv = (body: Buffer): string[][] => parse(body, { bom: true, relax_column_count: false });

async function parseXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  // columnCount walks every row: read it once.
  const columns = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= columns; i += 1) {
      const value = row.getCell(i).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

/** The whole list the console shows for the same filters (every page). */
async function listed(who: Persona, query: Record<string, string> = {}) {
  const r = await call(t, c.organizerBookingList, { token: w.tokens[who], query: { ...query, limit: 100 } });
  expect(r.status).toBe(200);
  return r.body.result.items;
}

describe('export: orders', () => {
  it('CSV: what the list shows, in its order, with a BOM, a header, CRLF lines and the row count', async () => {
    const file = await download('owner', { kind: 'orders', format: 'csv' });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-all-events-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.body.toString('utf8')).toContain('\r\n');
    const [header, ...rows] = parseCsv(file.body);
    expect(header?.slice(0, 3)).toEqual(['Order code', 'Status', 'Ordered at']);
    const items = await listed('owner');
    expect(rows.map((r) => r[0])).toEqual(codes(items));
    expect(file.headers['x-total-rows']).toBe(String(items.length));
    expect(items).toHaveLength(8);
  });

  it('CSV: money as numbers in major units with a Currency column; times as ISO 8601 with the offset and the zone named', async () => {
    const file = await download('owner', { kind: 'orders', format: 'csv', search: 'ADA23456' });
    const [header, row] = parseCsv(file.body);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    const ada = w.bookings.ada.booking;
    expect(cell('Total')).toBe(toMajorString({ amount: ada.total, currency: 'USD' }));
    expect(cell('Total')).toMatch(/^\d+\.\d{2}$/);
    expect(Number(cell('Total'))).toBe(ada.total / 100);
    expect(cell('Refunded')).toBe('0.00');
    expect(cell('Currency')).toBe('USD');
    expect(cell('Ordered at')).toBe('2026-03-04T23:30:00+00:00');
    expect(cell('Confirmed at')).toBe('2026-03-04T23:31:00+00:00');
    expect(new Date(cell('Ordered at') ?? '').toISOString()).toBe('2026-03-04T23:30:00.000Z');
    expect(cell('Time zone')).toBe('Europe/London');
    expect(cell('Tickets')).toBe('3');
    expect(cell('Buyer email')).toBe('ada@example.test');
  });

  it('XLSX: amounts are number cells, times date cells on the event’s clock; header frozen and filtered', async () => {
    const file = await download('owner', { kind: 'orders', format: 'xlsx', search: 'ADA23456' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1);
    const ada = w.bookings.ada.booking;

    expect(cell('Total').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Total').value).toBe(ada.total / 100);
    expect(cell('Total').numFmt).toBe('#,##0.00');
    expect(cell('Refunded').value).toBe(0);
    expect(cell('Currency').value).toBe('USD');
    expect(cell('Tickets').type).toBe(ExcelJS.ValueType.Number);

    // Excel has no zones: the cell holds London's wall clock (GMT in March), the zone its own column.
    expect(cell('Ordered at').type).toBe(ExcelJS.ValueType.Date);
    expect((cell('Ordered at').value as Date).toISOString()).toBe('2026-03-04T23:30:00.000Z');
    expect(cell('Ordered at').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell('Time zone').value).toBe('Europe/London');

    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const last = String.fromCharCode(64 + header.length);
    expect(sheet.autoFilter).toBe(`A1:${last}2`);
  });

  it('tickets: the CSV’s ISO time and the workbook’s date cell read the same wall clock', async () => {
    const file = await download('owner', { kind: 'tickets', format: 'xlsx', eventId: w.jazz.event.id });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = sheet.getRow(2);
    const price = row.getCell(header.indexOf('Price') + 1);
    expect(price.type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(header.indexOf('Currency') + 1).value).toBe('USD');
    const date = row.getCell(header.indexOf('Date') + 1);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    const zone = String(row.getCell(header.indexOf('Time zone') + 1).value);
    // The wall clock read back is the instant shifted by the zone's offset then.
    const csv = parseCsv(
      (await download('owner', { kind: 'tickets', format: 'csv', eventId: w.jazz.event.id })).body,
    );
    const iso = csv[1]?.[header.indexOf('Date')] ?? '';
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect((date.value as Date).toISOString().slice(0, 19)).toBe(iso.slice(0, 19));
    expect(zone).toBe(w.jazz.event.timeZone);
  });

  it('XLSX: the same rows as the list for the same filters and sort', async () => {
    const filters = { status: 'CONFIRMED', sort: 'code' };
    const file = await download('organizer', { kind: 'orders', format: 'xlsx', ...filters });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/filename="orders-all-events-[\d-]+\.xlsx"/);
    const [header, ...rows] = await parseXlsx(file.body);
    expect(header?.[0]).toBe('Order code');
    const items = await listed('organizer', filters);
    expect(rows.map((r) => r[0])).toEqual(codes(items));
    expect(file.headers['x-total-rows']).toBe(String(items.length));
    const ada = rows.find((r) => r[0] === 'ADA23456');
    expect(ada?.[header?.indexOf('Buyer name') ?? -1]).toBe('Ada Lovelace');
  });

  it('guards against formulas in CSV and quotes commas, quotes and line breaks (RFC 4180)', async () => {
    const file = await download('owner', { kind: 'orders', format: 'csv', sort: '-createdAt' });
    const [header, awkward, formula] = parseCsv(file.body);
    const name = header?.indexOf('Buyer name') ?? -1;
    const email = header?.indexOf('Buyer email') ?? -1;
    expect(awkward?.[name]).toBe(AWKWARD_NAME);
    expect(formula?.[name]).toBe(`'${FORMULA_NAME}`);
    expect(formula?.[email]).toBe("'+1@example.test");
    // In a workbook the cell is plain text already (never a formula): it keeps the name as typed.
    const book = await parseXlsx(
      (await download('owner', { kind: 'orders', format: 'xlsx', search: 'FORMULA2' })).body,
    );
    expect(book[1]?.[name]).toBe(FORMULA_NAME);
  });

  it('exports a bulk selection only, and never an order outside the caller’s events', async () => {
    const chosen = [w.bookings.ada.booking.id, w.bookings.late.booking.id, w.bookings.foreign.booking.id];
    const file = await download('owner', { kind: 'orders', format: 'csv', bookingIds: chosen.join(',') });
    const [, ...rows] = parseCsv(file.body);
    expect(rows.map((r) => r[0])).toEqual(['LATE2345', 'ADA23456']);
    expect(file.headers['x-total-rows']).toBe('2');
  });

  it('the date range is read in the caller’s zone, as in the list', async () => {
    const file = await download(
      'owner',
      { kind: 'orders', format: 'csv', from: '2026-03-05', to: '2026-03-05' },
      { timezone: 'Australia/Sydney' },
    );
    const [, ...rows] = parseCsv(file.body);
    expect(rows.map((r) => r[0])).toEqual(['FAN23456', 'ADA23456']);
  });
});

describe('export: tickets and attendees', () => {
  it('tickets of one event: the event ticket list, file named after the event', async () => {
    const file = await download('organizer', { kind: 'tickets', format: 'csv', eventId: w.jazz.event.id });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="tickets-harbour-jazz-night-[\d-]+\.csv"/);
    const [header, ...rows] = parseCsv(file.body);
    expect(header).toContain('Ticket ID');
    // The QR payload stays in the console: a file travels further.
    expect(header).not.toContain('Code');
    const r = await call(t, c.organizerEventBookingTicketList, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, limit: 100 },
    });
    expect(rows.map((row) => row[0])).toEqual(r.body.result.items.map((i) => i._id));
    const price = header?.indexOf('Price') ?? -1;
    const currency = header?.indexOf('Currency') ?? -1;
    expect(rows.every((row) => /^\d+\.\d{2}$/.test(row[price] ?? '') && row[currency] === 'USD')).toBe(true);
  });

  it('attendees as XLSX: one row per ticket with its check-in state', async () => {
    const file = await download('owner', { kind: 'attendees', format: 'xlsx', eventId: w.jazz.event.id });
    const [header, ...rows] = await parseXlsx(file.body);
    const r = await call(t, c.eventAttendeesList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id, limit: 100 },
    });
    expect(rows).toHaveLength(r.body.result.total);
    expect(file.headers['x-total-rows']).toBe(String(r.body.result.total));
    const checkedIn = header?.indexOf('Checked in') ?? -1;
    const attendee = header?.indexOf('Attendee') ?? -1;
    expect(rows.filter((row) => row[checkedIn] === 'Yes').map((row) => row[attendee])).toEqual([
      'Ada Lovelace',
    ]);
    // XML keeps line breaks as LF: a CRLF typed into a name reads back as LF in a workbook.
    expect(rows.map((row) => row[attendee])).toEqual(
      r.body.result.items.map((i) => (i.attendeeName ?? i.buyerName).replaceAll('\r\n', '\n')),
    );
  });
});

describe('export: who may export what', () => {
  it('scoped like the lists: organizer their events, scanner and unassigned nothing, others 404 on the event', async () => {
    const rows = async (who: Persona, query: Record<string, string> = {}) => {
      const file = await download(who, { kind: 'orders', format: 'csv', ...query });
      return file.status === 200 ? parseCsv(file.body).slice(1).length : file.status;
    };
    expect(await rows('organizer')).toBe(7);
    expect(await rows('scanner')).toBe(0);
    expect(await rows('unassigned')).toBe(0);
    expect(await rows('otherOrganizer')).toBe(1);
    expect(await rows('admin')).toBe(9);
    expect(await rows('buyer')).toBe(403);
    for (const who of ['scanner', 'unassigned', 'otherOrganizer'] as const) {
      expect(await rows(who, { eventId: w.jazz.event.id }), who).toBe(404);
    }
    expect(await rows('organizer', { eventId: w.gala.event.id })).toBe(404);
    const anonymous = await download(null, { kind: 'orders', format: 'csv' });
    expect(anonymous.status).toBe(401);
  });

  it('a 404 for an event not readable says so as JSON, not as a file', async () => {
    const file = await download('otherOrganizer', {
      kind: 'tickets',
      format: 'csv',
      eventId: w.jazz.event.id,
    });
    expect(file.status).toBe(404);
    expect(JSON.parse(file.body.toString()).message).toBe('The event was not found.');
  });

  it('is in the OpenAPI document with its query; there is no HEAD that would run it for nothing', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = doc.json().paths[EXPORT_PATH]?.get;
    expect(op?.tags).toEqual(['Orders']);
    expect(op?.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['kind', 'format', 'eventId', 'bookingIds', 'search', 'from', 'to']),
    );
    const head = await t.app.inject({
      method: 'HEAD',
      url: exportUrl({ kind: 'orders', format: 'csv' }),
      headers: clientHeaders(w.tokens.owner),
    });
    expect(head.statusCode).toBe(404);
  });

  it('validates the query with the contract’s schema: 400 naming the field', async () => {
    const field = async (query: Record<string, string>) => {
      const file = await download('owner', query);
      expect(file.status).toBe(400);
      return JSON.parse(file.body.toString()).errors.map((e: { field: string }) => e.field);
    };
    expect(await field({ format: 'csv' })).toEqual(['kind']);
    expect(await field({ kind: 'orders', format: 'pdf' })).toEqual(['format']);
    expect(await field({ kind: 'orders', format: 'csv', eventId: 'nope' })).toEqual(['eventId']);
    expect(await field({ kind: 'orders', format: 'csv', bookingIds: 'a,b' })).toEqual(['bookingIds']);
    expect(await field({ kind: 'orders', format: 'csv', sort: 'secret' })).toEqual(['sort']);
    expect(await field({ kind: 'orders', format: 'csv', from: '2026-03-05', to: '2026-03-01' })).toEqual([
      'to',
    ]);
  });
});

describe('export: streamed from a cursor', () => {
  const BIG = 5_000;
  let bigEventId: string;
  let base: string;

  beforeAll(async () => {
    const big = await w.event({ title: 'Big Night' });
    await insertManyBookings(t.db, big, BIG);
    bigEventId = big.event.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Streams a download over real HTTP without keeping it; samples the heap as chunks arrive. */
  function stream(query: Record<string, string>, stopAfterFirstChunk = false, acceptEncoding?: string) {
    return new Promise<{
      status: number;
      total: string | undefined;
      encoding: string | undefined;
      lines: number;
      heap: number[];
    }>((resolve, reject) => {
      const heap: number[] = [];
      let lines = 0;
      const request = http.get(
        `${base}${exportUrl(query)}`,
        {
          headers: {
            ...clientHeaders(w.tokens.owner),
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
        },
        (raw) => {
          const encoding = raw.headers['content-encoding'];
          // A compressed download is read as the browser reads it: inflated as it comes.
          const response =
            encoding === 'gzip'
              ? raw.pipe(zlib.createGunzip())
              : encoding === 'br'
                ? raw.pipe(zlib.createBrotliDecompress())
                : raw;
          response.on('data', (chunk: Buffer) => {
            for (const byte of chunk) if (byte === 0x0a) lines += 1;
            heap.push(process.memoryUsage().heapUsed);
            if (stopAfterFirstChunk) {
              request.destroy();
              resolve({ status: raw.statusCode ?? 0, total: undefined, encoding, lines, heap });
            }
          });
          response.on('end', () =>
            resolve({
              status: raw.statusCode ?? 0,
              total: raw.headers['x-total-rows'] as string | undefined,
              encoding,
              lines,
              heap,
            }),
          );
          response.on('error', (error) => (stopAfterFirstChunk ? undefined : reject(error)));
        },
      );
      request.on('error', (error) => (stopAfterFirstChunk ? undefined : reject(error)));
    });
  }

  it.each([
    ['gzip', 'gzip'],
    ['br', 'gzip, br'],
  ])('compressed (%s) for a browser that accepts it, and still streamed', async (encoding, accept) => {
    const result = await stream({ kind: 'orders', format: 'csv', eventId: bigEventId }, false, accept);
    expect(result.status).toBe(200);
    expect(result.encoding).toBe(encoding);
    expect(result.total).toBe(String(BIG));
    expect(result.lines).toBe(BIG + 1);
    // Arrived in pieces as it was written, not as one body at the end.
    expect(result.heap.length).toBeGreaterThan(2);
  });

  it(`${BIG.toLocaleString('en')} orders: every row arrives, memory stays roughly flat`, async () => {
    const before = process.memoryUsage().heapUsed;
    const result = await stream({ kind: 'orders', format: 'csv', eventId: bigEventId });
    expect(result.status).toBe(200);
    expect(result.total).toBe(String(BIG));
    expect(result.lines).toBe(BIG + 1);
    // Rough, not a benchmark: a whole-array export would grow with the rows; a stream stays within
    // a few batches (plus what the test's own parsing and GC timing add).
    const peak = Math.max(...result.heap);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(result.heap.length).toBeGreaterThan(2);
  });

  it(`${BIG.toLocaleString('en')} tickets as XLSX: every row is in the workbook`, async () => {
    const file = await download('owner', { kind: 'tickets', format: 'xlsx', eventId: bigEventId });
    expect(file.status).toBe(200);
    expect(file.headers['x-total-rows']).toBe(String(BIG));
    const rows = await parseXlsx(file.body);
    expect(rows).toHaveLength(BIG + 1);
  });

  it('an abandoned download gives its connection back (more aborts than the pool has connections)', async () => {
    for (let i = 0; i < 8; i += 1) {
      const format = i % 2 ? 'xlsx' : 'csv';
      // Half of them compressed: an abandoned compressed download frees its connection too.
      const result = await stream(
        { kind: 'tickets', format, eventId: bigEventId },
        true,
        i % 4 < 2 ? 'gzip' : undefined,
      );
      expect(result.status).toBe(200);
    }
    // Wait for the server side to notice; then nothing of the exports is left running or waiting.
    let busy = -1;
    for (let tries = 0; tries < 50 && busy !== 0; tries += 1) {
      await new Promise((r) => setTimeout(r, 100));
      const found = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      busy = found.rows[0]?.n ?? -1;
    }
    expect(busy).toBe(0);
    const list = await call(t, c.organizerEventBookingList, {
      token: w.tokens.owner,
      query: { eventId: bigEventId, limit: 1 },
    });
    expect(list.status).toBe(200);
    // The order lists count at most TOTAL_CAP past the page (lib/list-total.ts): BIG is past it.
    expect(list.body.result).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
  });
});
