import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DEV_CLIENT_CREDENTIALS,
  getBuyerBooking,
  type PublicEvent,
  type PublicEventSummary,
  publicEventDetail,
  publicEventList,
} from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { shot } from '../support/shots.js';

const b = useBrowser();
const run = promisify(execFile);

/** What Debian's zbarimg reads in a PNG (the code a door scanner would read). */
async function decodeQr(png: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'marquee-qr-'));
  const file = path.join(dir, 'qr.png');
  await writeFile(file, png);
  const { stdout } = await run('/usr/bin/zbarimg', ['-q', '--raw', file]);
  await rm(dir, { recursive: true, force: true });
  return stdout.trim();
}
/** The buyer API as any client calls it: client credentials, no session. */
async function buyerGet<T>(routePath: string, query: Record<string, string>): Promise<T> {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  const response = await fetch(`${b.baseUrl}${routePath}?${new URLSearchParams(query)}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      secretkey: secretKey,
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()).result as T;
}

interface Pick {
  event: PublicEvent;
  typeId: string;
  typeName: string;
  /** What is left of that type on the date the page starts on (the first on sale). */
  remaining: () => Promise<number>;
}

/**
 * A demo event on sale with a paid ticket type of which two can be bought in one order, found through
 * the public list as a buyer app would. The page starts on the first date on sale; so does this.
 */
async function pickDemoEvent(): Promise<Pick> {
  const list = await buyerGet<{ items: PublicEventSummary[] }>(publicEventList.path, { limit: '100' });
  for (const summary of list.items) {
    if (summary.salesState !== 'ON_SALE') continue;
    const event = await buyerGet<PublicEvent>(publicEventDetail.path, { event: summary.slug });
    const date = event.occurrences.find((o) => o.salesState === 'ON_SALE');
    if (!date) continue;
    const now = Date.now();
    const type = event.ticketTypes.find(
      (t) =>
        t.pricing === 'PAID' &&
        t.minPerOrder <= 2 &&
        t.maxPerOrder >= 2 &&
        event.maxTicketsPerOrder >= 2 &&
        (!t.saleStartsAt || Date.parse(t.saleStartsAt) <= now) &&
        (!t.saleEndsAt || Date.parse(t.saleEndsAt) > now) &&
        (date.remaining[t._id] ?? 0) >= 4,
    );
    if (!type) continue;
    const remaining = async () => {
      const fresh = await buyerGet<PublicEvent>(publicEventDetail.path, { event: event.slug });
      const freshDate = fresh.occurrences.find((o) => o._id === date._id) ?? fresh.occurrences[0];
      return freshDate?.remaining[type._id] ?? 0;
    };
    return { event, typeId: type._id, typeName: type.name, remaining };
  }
  throw new Error('no demo event on sale with a paid ticket type (do demo events have slugs?)');
}

/** Chooses two tickets of the picked type as a guest and goes to the sandbox card page. */
async function reserveTwo(page: Page, pick: Pick, buyer: { name: string; email: string }) {
  await page.goto(`/e/${pick.event.slug}`);
  await page.getByRole('heading', { name: pick.event.title, level: 1 }).waitFor();
  const more = page.getByRole('button', { name: `More ${pick.typeName} tickets` });
  await more.click();
  if ((await page.getByTestId(`quantity-${pick.typeId}`).textContent()) !== '2') await more.click();
  expect(await page.getByTestId(`quantity-${pick.typeId}`).textContent()).toBe('2');
  // Events that ask for attendee names get one per ticket.
  const attendees = page.getByRole('textbox', { name: /^Attendee \d+ name$/ });
  for (let n = 0; n < (await attendees.count()); n += 1) await attendees.nth(n).fill(`Guest ${n + 1}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(buyer.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
  await page.getByRole('button', { name: 'Reserve and pay' }).click();
  await page.waitForURL('**/payment/sandbox/checkout/**');
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

function bookingOf(url: string): { bookingId: string; token: string } {
  const parsed = new URL(url);
  const bookingId = parsed.pathname.split('/').pop() ?? '';
  return { bookingId, token: parsed.searchParams.get('token') ?? '' };
}

describe('public checkout', () => {
  it('a guest buys two tickets with the sandbox card and sees two QR codes', async () => {
    const pick = await pickDemoEvent();
    const page = await b.newPage({ width: 1440, height: 900 });
    await page.goto(`/e/${pick.event.slug}`);
    await page.getByRole('heading', { name: pick.event.title, level: 1 }).waitFor();
    // The dates are in the event's zone and say which.
    await page.getByTestId('event-zone').getByText(`Times in ${pick.event.timeZone}`).waitFor();
    await shot(page, 'public-event-1440');

    const before = await pick.remaining();
    await reserveTwo(page, pick, { name: 'Grace Hopper', email: `grace+${Date.now()}@example.com` });
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(`**/e/${pick.event.slug}/booking/**`);
    await page.getByTestId('booking-confirmed').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('ticket-qr').count()).toBe(2);
    const code = (await page.getByTestId('order-code').textContent()) ?? '';
    expect(code.length).toBeGreaterThan(3);
    await shot(page, 'public-booking-1440');

    // The page's QR codes, as a phone camera sees them, read back with a real decoder to the tickets'
    // codes (the ones the door admits).
    const { bookingId, token } = bookingOf(page.url());
    const booking = await buyerGet<{ tickets: { code: string }[] }>(getBuyerBooking.path, {
      bookingId,
      token,
    });
    const decoded: string[] = [];
    for (const qr of await page.getByTestId('ticket-qr').all())
      decoded.push(await decodeQr(await qr.screenshot()));
    expect(decoded.sort()).toEqual(booking.tickets.map((t) => t.code).sort());

    // The page reopens from its link (the email's) with the same tickets, on a phone.
    const url = page.url();
    const phone = await b.newPage({ width: 375, height: 812 });
    await phone.goto(url);
    await phone.getByTestId('booking-confirmed').waitFor();
    expect(await phone.getByTestId('ticket-qr').count()).toBe(2);
    await shot(phone, 'public-booking-375');
    expect(await pick.remaining()).toBe(before - 2);
  });

  it('a declined card leaves no order and no seat taken', async () => {
    const pick = await pickDemoEvent();
    const page = await b.newPage({ width: 375, height: 812 });
    await page.goto(`/e/${pick.event.slug}`);
    await page.getByRole('heading', { name: pick.event.title, level: 1 }).waitFor();
    await shot(page, 'public-event-375');
    const before = await pick.remaining();

    await reserveTwo(page, pick, { name: 'Alan Turing', email: `alan+${Date.now()}@example.com` });
    // Held while paying: the seats are reserved for now.
    expect(await pick.remaining()).toBe(before - 2);
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL(`**/e/${pick.event.slug}/booking/**`);
    const ended = page.getByTestId('booking-ended');
    await ended.getByText('The payment did not go through').waitFor({ timeout: 30_000 });
    await ended.getByRole('link', { name: 'Try again' }).waitFor();

    const { bookingId, token } = bookingOf(page.url());
    const booking = await buyerGet<{ status: string; tickets: unknown[] }>(getBuyerBooking.path, {
      bookingId,
      token,
    });
    expect(booking.status).toBe('FAILED');
    expect(booking.tickets).toEqual([]);
    expect(await pick.remaining()).toBe(before);
  });
});
