import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/calls.js';
import { type CheckInReadsWorld, checkInReadsWorld, scanAt } from '../../../../test/check-in-reads-world.js';
import type { Persona } from '../../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let w: CheckInReadsWorld;
/** 10:00 in London (winter time: the same as UTC). */
const START = new Date('2026-11-21T10:00:00Z');
const clock = manualClock(START);
const minute = (n: number) => new Date(START.getTime() + n * 60_000).toISOString();

/**
 * The door's story, newest last (times in London):
 * 09:30 offline, door-3, scanner: Mary (course ticket) admitted on date 1
 * 09:40 offline, door-4, organizer: Mary again, admitted on that device: a conflict on the server
 * 10:00 online, door-1, scanner: Ada admitted
 * 10:01 online, door-2, organizer: Ada again, already scanned
 * 10:02 online, door-1, scanner: an unknown code ending WXYZ
 * 10:03 online, door-1, scanner: Grace's refunded ticket
 * 10:04 manual, organizer: Alan marked scanned
 * 10:05 online, door-1, scanner: Katherine admitted on date 2
 */
beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await checkInReadsWorld(t, { startsAt: new Date('2026-11-21T09:00:00Z') });
  const eventId = w.weekend.event.id;
  const sync = (who: Persona, deviceId: string, scannedAt: string) =>
    call(t, c.syncOfflineScans, {
      token: w.tokens[who],
      body: {
        eventId,
        deviceId,
        scans: [
          {
            nonce: randomUUID(),
            code: w.ticket(w.orders.mary).code,
            occurrenceId: w.date(0),
            scannedAt,
            localResult: 'ADMITTED',
          },
        ],
      },
    });
  expect((await sync('scanner', 'door-3', minute(-30))).body.result.conflicts).toBe(0);
  expect((await sync('organizer', 'door-4', minute(-20))).body.result.conflicts).toBe(1);
  const scan = async (who: Persona, code: string, deviceId = 'door-1', occurrenceId = w.date(0)) =>
    (await scanAt(t, w.tokens[who], { eventId, occurrenceId, code, deviceId })).result;
  expect(await scan('scanner', w.ticket(w.orders.ada).code)).toBe('ADMITTED');
  clock.advance(60_000);
  expect(await scan('organizer', w.ticket(w.orders.ada).code, 'door-2')).toBe('ALREADY_SCANNED');
  clock.advance(60_000);
  expect(await scan('scanner', 'NOPE-WXYZ')).toBe('NOT_FOUND');
  clock.advance(60_000);
  expect(await scan('scanner', w.ticket(w.orders.grace).code)).toBe('REFUNDED');
  clock.advance(60_000);
  const mark = await call(t, c.markScannedUnscannedTickets, {
    token: w.tokens.organizer,
    body: { eventId, occurrenceId: w.date(0), scanned: true, ticketIds: [w.ticket(w.orders.ada, 1).id] },
  });
  expect(mark.body.result.changed).toBe(1);
  clock.advance(60_000);
  expect(await scan('scanner', w.ticket(w.orders.kat).code, 'door-1', w.date(1))).toBe('ADMITTED');
});
afterAll(async () => {
  await t?.close();
});

type Filters = Partial<c.QueryOf<typeof c.getScanHistory>>;
const history = (query: Filters = {}, who: Persona = 'scanner') =>
  call(t, c.getScanHistory, { token: w.tokens[who], query: { eventId: w.weekend.event.id, ...query } });
const results = async (query: Filters = {}) => (await history(query)).body.result.items.map((i) => i.result);

describe('get-scan-history', () => {
  it('every scan and mark, newest first, with ticket, scanner, device, source and date', async () => {
    const r = await history();
    expect(r.status).toBe(200);
    const page = r.body.result;
    expect(page.total).toBe(8);
    expect(page.timeZone).toBe('Europe/London');
    expect(page.items.map((i) => i.result)).toEqual([
      'ADMITTED',
      'MARKED_SCANNED',
      'REFUNDED',
      'NOT_FOUND',
      'ALREADY_SCANNED',
      'ADMITTED',
      'ALREADY_SCANNED',
      'ADMITTED',
    ]);
    const [kat, alan, , unknown, again, , conflict] = page.items;
    expect(kat).toMatchObject({
      scannedAt: minute(5),
      source: 'ONLINE',
      conflict: false,
      occurrence: { _id: w.date(1) },
      ticket: {
        _id: w.ticket(w.orders.kat).id,
        attendeeName: null,
        buyerName: 'Katherine Johnson',
        ticketTypeName: 'Ticket 1',
        bookingCode: 'KAT23456',
      },
      codeTail: null,
      scanner: { _id: w.scanner.user.id, name: 'Sam Scanner' },
      deviceId: 'door-1',
    });
    expect(alan).toMatchObject({ source: 'MANUAL', ticket: { attendeeName: 'Alan Turing' } });
    expect(unknown).toMatchObject({ ticket: null, codeTail: 'WXYZ' });
    expect(again).toMatchObject({ deviceId: 'door-2', scanner: { name: 'Oscar Organizer' } });
    expect(conflict).toMatchObject({
      source: 'OFFLINE',
      conflict: true,
      deviceId: 'door-4',
      scannedAt: minute(-20),
    });
    expect(page.scanners).toEqual([
      { _id: w.organizer.user.id, name: 'Oscar Organizer' },
      { _id: w.scanner.user.id, name: 'Sam Scanner' },
    ]);
  });

  it('filters: result, source, scanner, conflict, date, time window', async () => {
    expect(await results({ result: 'ALREADY_SCANNED' })).toEqual(['ALREADY_SCANNED', 'ALREADY_SCANNED']);
    expect(await results({ source: 'OFFLINE' })).toEqual(['ALREADY_SCANNED', 'ADMITTED']);
    expect(await results({ source: 'MANUAL' })).toEqual(['MARKED_SCANNED']);
    expect(await results({ scannerId: w.organizer.user.id })).toEqual([
      'MARKED_SCANNED',
      'ALREADY_SCANNED',
      'ALREADY_SCANNED',
    ]);
    const conflicts = await history({ conflict: 'true' });
    expect(conflicts.body.result.items.map((i) => i.deviceId)).toEqual(['door-4']);
    expect((await history({ conflict: 'false' })).body.result.total).toBe(7);
    expect(await results({ occurrenceId: w.date(1) })).toEqual(['ADMITTED']);
    // Inclusive at both ends.
    expect(await results({ from: minute(0), to: minute(2) })).toEqual([
      'NOT_FOUND',
      'ALREADY_SCANNED',
      'ADMITTED',
    ]);
    expect(await results({ to: minute(-25) })).toEqual(['ADMITTED']);
  });

  it('search: attendee, buyer, order code, device, the end of an unknown code', async () => {
    const found = async (search: string) => (await history({ search })).body.result.items.length;
    expect(await found('turing')).toBe(1);
    expect(await found('ada234')).toBe(3);
    expect(await found('MARY JACKSON')).toBe(2);
    expect(await found('door-4')).toBe(1);
    expect(await found('wxyz')).toBe(1);
    expect(await found('grace@example')).toBe(1);
  });

  it('sorts oldest first when asked, and pages', async () => {
    const oldest = await history({ sort: 'scannedAt', limit: 2 });
    expect(oldest.body.result.items.map((i) => i.scannedAt)).toEqual([minute(-30), minute(-20)]);
    const second = await history({ limit: 3, page: 2 });
    expect(second.body.result).toMatchObject({ total: 8, page: 2, limit: 3 });
    expect(second.body.result.items.map((i) => i.result)).toEqual([
      'NOT_FOUND',
      'ALREADY_SCANNED',
      'ADMITTED',
    ]);
  });

  it('bad filters are 400s naming the field', async () => {
    const fields = async (query: Filters) => {
      const r = await history(query);
      expect(r.status).toBe(400);
      return r.error?.errors?.map((e) => e.field);
    };
    expect(await fields({ from: minute(5), to: minute(1) })).toEqual(['to']);
    expect(await fields({ occurrenceId: w.other.occurrences[0]?.id })).toEqual(['occurrenceId']);
    expect(await fields({ result: 'MAYBE' as never })).toEqual(['result']);
    expect(await fields({ from: 'yesterday' })).toEqual(['from']);
  });
});

describe('scan history export', () => {
  async function download(query: Record<string, string>, who: Persona = 'scanner') {
    const response = await t.app.inject({
      method: 'GET',
      url: `${c.SCAN_HISTORY_EXPORT_PATH}?${new URLSearchParams({ eventId: w.weekend.event.id, ...query })}`,
      headers: clientHeaders(w.tokens[who]),
    });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  }
  const csv = (body: Buffer): string[][] => parse(body.toString('utf8'), { bom: true });

  it('CSV: the list’s rows in its order, times on the event’s clock with the zone named', async () => {
    const file = await download({ format: 'csv' });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="scan-history-harbour-jazz-weekend-2026-11-21.csv"',
    );
    expect(file.headers['x-total-rows']).toBe('8');
    const [header, ...rows] = csv(file.body);
    expect(header).toEqual([
      'Time',
      'Result',
      'Attendee',
      'Ticket type',
      'Order code',
      'Buyer name',
      'Date',
      'Time zone',
      'Scanned by',
      'Device',
      'Source',
      'Conflict',
      'Code ending',
    ]);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual([
      '2026-11-21T10:05:00+00:00',
      'Admitted',
      'Katherine Johnson',
      'Ticket 1',
      'KAT23456',
      'Katherine Johnson',
      '2026-11-22T09:00:00+00:00',
      'Europe/London',
      'Sam Scanner',
      'door-1',
      'Online',
      'No',
      '',
    ]);
    const listed = (await history({ limit: 100 })).body.result.items;
    expect(rows.map((row) => row[1])).toEqual(listed.map((i) => c.SCAN_RESULT_LABELS[i.result]));
    expect(rows[3]?.[12]).toBe('WXYZ');
  });

  it('the same filters as the list; XLSX too', async () => {
    const file = await download({ format: 'xlsx', conflict: 'true' });
    expect(file.status).toBe(200);
    expect(file.headers['x-total-rows']).toBe('1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Scan history');
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      // Date cells holding London's wall clock (GMT in November); the zone in its own column.
      new Date('2026-11-21T09:40:00Z'),
      'Already scanned',
      'Mary Jackson',
      'Ticket 2',
      'MARY2345',
      'Mary Jackson',
      new Date('2026-11-21T09:00:00Z'),
      'Europe/London',
      'Oscar Organizer',
      'door-4',
      'Synced from offline',
      'Yes',
    ]);
    const searched = csv((await download({ format: 'csv', search: 'door-2', sort: 'scannedAt' })).body);
    expect(searched.slice(1).map((row) => row[9])).toEqual(['door-2']);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.autoFilter).toBe('A1:M2');
  });

  it('refuses like the list: 404 outside the event, 400 naming a wrong field', async () => {
    expect((await download({ format: 'csv' }, 'unassigned')).status).toBe(404);
    expect((await download({ format: 'csv' }, 'buyer')).status).toBe(404);
    const wrong = await download({ format: 'pdf' });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body.toString()).errors.map((e: { field: string }) => e.field)).toEqual([
      'format',
    ]);
    const otherDate = await download({ format: 'csv', occurrenceId: w.other.occurrences[0]?.id ?? '' });
    expect(otherDate.status).toBe(400);
  });
});
