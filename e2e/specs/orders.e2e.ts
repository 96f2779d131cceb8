import fs from 'node:fs/promises';
import {
  type BuyerBooking,
  createBooking,
  createSingleEvent,
  type EventInput,
  getCategoryList,
  HEADERS,
  type PublicEvent,
  type PublicEventSummary,
  panelOrganizationList,
  publicEventDetail,
  publicEventList,
} from '@marquee/contract';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiOptions, apiCall, organizerToken } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();
/** A call of the API against this run's server. */
const call = <T>(method: 'GET' | 'POST' | 'PUT', route: string, options?: ApiOptions) =>
  apiCall<T>(b.baseUrl, method, route, options);

/** An event of the demo organizer's organization that buyers see, with a FREE ticket type on sale. */
async function freeEvent(): Promise<{ event: PublicEvent; ticketTypeId: string; occurrenceId?: string }> {
  const token = await organizerToken(b.baseUrl);
  const organizations = await call<{ items: { _id: string; access: string }[] }>(
    'GET',
    panelOrganizationList.path,
    { query: { limit: '100' }, headers: { accesstoken: token } },
  );
  const owned = organizations.items.find((o) => o.access === 'OWNER');
  if (!owned) throw new Error('the demo organizer owns no organization');

  const pick = async (summaries: PublicEventSummary[]) => {
    for (const summary of summaries.filter((s) => s.organization._id === owned._id)) {
      const event = await call<PublicEvent>('GET', publicEventDetail.path, { query: { event: summary._id } });
      const free = event.ticketTypes.find(
        (t) => t.pricing === 'FREE' && t.maxPerOrder >= 2 && t.minPerOrder <= 2,
      );
      const date = event.occurrences.find(
        (o) => o.salesState === 'ON_SALE' && free && (o.remaining[free._id] ?? 0) >= 2,
      );
      if (free && date) return { event, ticketTypeId: free._id, occurrenceId: date._id ?? undefined };
    }
    return null;
  };
  const demo = await call<{ items: PublicEventSummary[] }>('GET', publicEventList.path, {
    query: { limit: '100' },
  });
  const found = await pick(demo.items);
  if (found) return found;

  // No free demo event on sale (the demo data changed): the organizer publishes one, as a person would.
  const title = `Free orders journey ${Date.now()}`;
  const [category] = await call<{ _id: string }[]>('GET', getCategoryList.path, {
    headers: { accesstoken: token },
  });
  if (!category) throw new Error('no demo category');
  const start = new Date(Date.now() + 21 * 24 * 3600_000);
  start.setUTCHours(10, 0, 0, 0);
  const body: EventInput = {
    organizationId: owned._id,
    title,
    description: 'A free evening for the orders journey.',
    categoryId: category._id,
    location: {
      type: 'VENUE',
      venueName: 'Harbor Hall',
      address: '1-2-3 Minato, Tokyo',
      timeZone: 'Asia/Tokyo',
    },
    visibility: 'PUBLIC',
    occurrences: [
      {
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3 * 3600_000).toISOString(),
        capacity: 50,
      },
    ],
    ticketTypes: [{ pricing: 'FREE', name: 'Free entry', price: 0, quantity: 50 }],
  };
  await call('POST', createSingleEvent.path, { body, headers: { accesstoken: token } });
  const created = await call<{ items: PublicEventSummary[] }>('GET', publicEventList.path, {
    query: { search: title },
  });
  const again = await pick(created.items);
  if (!again) throw new Error(`the new free event "${title}" is not on sale for buyers`);
  return again;
}

/** A guest buys `quantity` free tickets: confirmed at once, no payment. */
async function buyFree(quantity: number): Promise<BuyerBooking> {
  const { event, ticketTypeId, occurrenceId } = await freeEvent();
  const booking = await call<BuyerBooking>('POST', createBooking.path, {
    headers: { [HEADERS.idempotencyKey]: `orders-e2e-${Date.now()}-${Math.random()}` },
    body: {
      eventId: event._id,
      occurrenceId,
      lines: [
        {
          ticketTypeId,
          quantity,
          ...(event.attendeeNames ? { attendees: ['Grace Hopper', 'Alan Turing'].slice(0, quantity) } : {}),
        },
      ],
      buyer: { name: 'Grace Hopper', email: `grace+${Date.now()}@example.com` },
    },
  });
  expect(booking.status).toBe('CONFIRMED');
  expect(booking.tickets).toHaveLength(quantity);
  return booking;
}

/** Minimal RFC 4180 reader: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function exportFile(page: Page, item: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return download;
}

describe('orders', () => {
  it('finds an order by its code, opens it, views its tickets and exports the event orders', async () => {
    const booking = await buyFree(2);
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);

    await page.goto('/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(booking.code);
    const row = page.getByRole('link', { name: booking.code, exact: true });
    await row.waitFor({ timeout: 10_000 });
    await shot(page, 'orders-list-1440');
    // The search is debounced: wait until the list shows this order alone, so the click does not land
    // on a row that the searched list is about to replace.
    await expect.poll(() => page.getByRole('link', { name: /^MQ-/ }).count(), { timeout: 10_000 }).toBe(1);
    await row.click();

    await page.getByRole('heading', { name: `Order ${booking.code}` }).waitFor();
    const totals = page.getByTestId('order-totals');
    await totals.getByText('Total', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Tickets' }).getByText('Not scanned').first().waitFor();
    await shot(page, 'order-details-1440');

    await page.getByRole('link', { name: 'View tickets' }).click();
    await page.getByRole('heading', { name: `Tickets of order ${booking.code}` }).waitFor();
    const codes = page.getByTestId('ticket-qr');
    await expect.poll(() => codes.count()).toBe(2);
    const shown = await codes.evaluateAll((images) => images.map((i) => i.getAttribute('data-code')).sort());
    expect(shown).toEqual(booking.tickets.map((t) => t.code).sort());
    await shot(page, 'view-tickets-1440');

    await page.goto(`/orders/events/${booking.event._id}`);
    await page.getByRole('heading', { name: `Orders of ${booking.event.title}` }).waitFor();
    await page.getByRole('link', { name: booking.code, exact: true }).first().waitFor();

    const csv = await exportFile(page, 'Orders as CSV');
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvRows = parseCsv(await fs.readFile(await csv.path(), 'utf8'));
    const [csvHeader, ...csvBody] = csvRows;
    expect(csvHeader?.length).toBeGreaterThan(2);
    const csvOrder = csvBody.find((cells) => cells.includes(booking.code));
    expect(csvOrder, `order ${booking.code} in the CSV`).toBeTruthy();
    expect(csvOrder).toContain(booking.buyer.email);

    const xlsx = await exportFile(page, 'Orders as XLSX');
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the XLSX has no sheet');
    const values: string[][] = [];
    sheet.eachRow((r) => {
      values.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    // A header row and at least this order.
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(values.find((cells) => cells.includes(booking.code))).toContain(booking.buyer.email);

    const phone = await b.newPage({ width: 375, height: 812 });
    await signIn(phone, DEMO.organizer);
    await phone.goto(`/orders?search=${encodeURIComponent(booking.code)}`);
    await phone.getByRole('link', { name: booking.code, exact: true }).waitFor();
    await shot(phone, 'orders-list-375');
    await phone.goto(`/orders/${booking._id}`);
    await phone.getByRole('heading', { name: `Order ${booking.code}` }).waitFor();
    await shot(phone, 'order-details-375');
  });
});
