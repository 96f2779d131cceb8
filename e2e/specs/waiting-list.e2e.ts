import {
  type BuyerBooking,
  confirmEventOrderRefund,
  createBooking,
  getBuyerBooking,
  HEADERS,
  type PublicEvent,
  type PublicEventSummary,
  publicEventDetail,
  publicEventList,
} from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiOptions, apiCall, createOwnedEvent, organizerToken } from '../support/api.js';
import { seriousAxeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { waitForEmail } from '../support/outbox.js';
import { DEMO, signIn } from '../support/session.js';
import { shot } from '../support/shots.js';

/**
 * The waiting list journey (issue 26): the only seat of a ticket type is sold; a buyer on a phone joins
 * its waiting list; the organizer refunds the order; the offer email reaches the dev outbox; the buyer
 * follows its link, buys the seat with the sandbox card and holds a ticket.
 */
const b = useBrowser();
const call = <T>(method: 'GET' | 'POST' | 'PUT', route: string, options?: ApiOptions) =>
  apiCall<T>(b.baseUrl, method, route, options);

async function pageAt(width: number, height: number): Promise<Page> {
  const context = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width, height } });
  return context.newPage();
}

async function oneSeatEvent(token: string): Promise<PublicEvent> {
  const title = `Waiting list journey ${Date.now()}`;
  const start = new Date(Date.now() + 21 * 24 * 3600_000);
  start.setUTCHours(19, 0, 0, 0);
  await createOwnedEvent(b.baseUrl, token, {
    title,
    description: 'One seat only, for the waiting list journey.',
    startsAt: start,
    ticketType: { pricing: 'PAID', name: 'Front row', price: 1500, quantity: 1 },
  });
  const found = await call<{ items: PublicEventSummary[] }>('GET', publicEventList.path, {
    query: { search: title },
  });
  const summary = found.items.find((e) => e.title === title);
  if (!summary) throw new Error(`the new event "${title}" is not on sale`);
  return call<PublicEvent>('GET', publicEventDetail.path, { query: { event: summary.slug } });
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function expectNoSeriousAxe(page: Page) {
  const findings = await seriousAxeFindings(page);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

describe('waiting list', () => {
  it('a buyer at 375 px joins a sold-out type, the organizer refunds an order, the offer link buys the seat', async () => {
    const token = await organizerToken(b.baseUrl);
    const event = await oneSeatEvent(token);
    const type = event.ticketTypes[0];
    if (!type) throw new Error('no ticket type');

    // Somebody buys the only seat.
    const first = await call<BuyerBooking>('POST', createBooking.path, {
      headers: { [HEADERS.idempotencyKey]: `waiting-e2e-${Date.now()}` },
      body: {
        eventId: event._id,
        lines: [{ ticketTypeId: type._id, quantity: 1 }],
        buyer: { name: 'First Buyer', email: `first+${Date.now()}@example.com` },
        returnPath: `/e/${event.slug}/return`,
      },
    });
    const cardPage = await pageAt(1280, 800);
    await cardPage.goto(first.payment?.redirectUrl ?? '');
    await payWith(cardPage, '4242 4242 4242 4242');
    await cardPage.waitForURL(`**/e/${event.slug}/**`);

    // A buyer on a phone finds it sold out and joins the waiting list; an empty form says what is missing.
    const email = `waiting+${Date.now()}@example.com`;
    const phone = await pageAt(375, 800);
    await phone.goto(`/e/${event.slug}`);
    await phone.getByRole('heading', { name: event.title, level: 1 }).waitFor();
    await phone.getByRole('button', { name: `Join waiting list for ${type.name}` }).click();
    const form = phone.getByRole('form', { name: `Join the waiting list for ${type.name}` });
    await form.getByRole('button', { name: 'Join waiting list' }).click();
    await form.getByText('Enter your name').waitFor();
    await form.getByText('Enter a valid email address').waitFor();
    await expectNoSeriousAxe(phone);
    await form.getByRole('textbox', { name: 'Your name' }).fill('Wendy Waiting');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await shot(phone, 'waiting-list-join-375');
    await form.getByRole('button', { name: 'Join waiting list' }).click();
    await phone.waitForURL('**/waiting-list/**');
    await phone.getByTestId('waiting-position').getByText('You are number 1 in line.').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxe(phone);
    await shot(phone, 'waiting-list-position-375');

    // The organizer sees them on the event's waiting list.
    const desk = await pageAt(1440, 900);
    await signIn(desk, DEMO.organizer);
    await desk.goto(`/event-management/${event._id}/waiting-list`);
    await desk.getByRole('heading', { name: 'Waiting list', level: 1 }).waitFor();
    await desk.getByText('Wendy Waiting').first().waitFor();
    await desk.getByRole('button', { name: 'Remove Wendy Waiting' }).waitFor();
    await expectNoSeriousAxe(desk);
    await shot(desk, 'waiting-list-console-1440');
    await desk.setViewportSize({ width: 375, height: 800 });
    await desk.getByRole('button', { name: 'Offer seats to Wendy Waiting' }).waitFor();
    await expectNoSeriousAxe(desk);
    await shot(desk, 'waiting-list-console-375');

    // The organizer refunds the first order: its seat is kept for the list and offered by email.
    const paid = await call<BuyerBooking>('GET', getBuyerBooking.path, {
      query: { bookingId: first._id, token: first.accessToken },
    });
    await call('POST', confirmEventOrderRefund.path, {
      headers: { accesstoken: token, [HEADERS.idempotencyKey]: `waiting-refund-${Date.now()}` },
      body: { bookingId: first._id, ticketIds: paid.tickets.map((t) => t._id) },
    });
    const admin = await call<{ accessToken: string }>('POST', '/api/v1/user/login', {
      body: { email: DEMO.admin.email, password: DEMO.admin.password },
    });
    const offer = await waitForEmail(b.baseUrl, admin.accessToken, email, 'Seats for you');
    const link = /https?:\/\/\S+\/waiting-list\/\S+token=[\w-]+/.exec(offer.text)?.[0];
    expect(link).toBeTruthy();

    // The buyer follows the link and buys the held seat.
    await phone.goto(link as string);
    await phone.getByText('Seats are held for you').waitFor();
    await expectNoSeriousAxe(phone);
    await shot(phone, 'waiting-list-offer-375');
    await phone.getByRole('button', { name: 'Buy now' }).click();
    await phone.waitForURL('**/payment/sandbox/checkout/**');
    await payWith(phone, '4242 4242 4242 4242');
    await phone.waitForURL(`**/e/${event.slug}/booking/**`);
    const url = new URL(phone.url());
    const query = {
      bookingId: url.pathname.split('/').pop() ?? '',
      token: url.searchParams.get('token') ?? '',
    };
    let bought = await call<BuyerBooking>('GET', getBuyerBooking.path, { query });
    for (let n = 0; n < 20 && bought.status === 'HELD'; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      bought = await call<BuyerBooking>('GET', getBuyerBooking.path, { query });
    }
    expect(bought.status).toBe('CONFIRMED');
    expect(bought.buyer.name).toBe('Wendy Waiting');
    expect(bought.tickets).toHaveLength(1);
  });
});
