import {
  type BuyerBooking,
  cancelEvent,
  createBooking,
  getBuyerBooking,
  getOrganizationDetail,
  getReasonList,
  HEADERS,
  type Organization,
  type PublicEvent,
  type PublicEventSummary,
  publicEventDetail,
  publicEventList,
  type RefundSetting,
  updateRefundSetting,
} from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiOptions, apiCall, createOwnedEvent, organizerToken } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn } from '../support/session.js';
import { shot } from '../support/shots.js';

/**
 * The refunds journey (issue 11): a buyer buys three tickets and asks to refund one; the organizer
 * declines with a reason; the buyer asks again; the organizer approves; the order shows one ticket
 * refunded; then the event is cancelled and every paid order is refunded by the background job while
 * the progress bar runs to its end. A refunded ticket is no longer valid.
 */
const b = useBrowser();
/** A call of the API against this run's server. */
const call = <T>(method: 'GET' | 'POST' | 'PUT', route: string, options?: ApiOptions) =>
  apiCall<T>(b.baseUrl, method, route, options);

/** A paid event of the demo organizer's own organization, three weeks ahead, published for this journey. */
async function paidEvent(token: string): Promise<{ event: PublicEvent; organizationId: string }> {
  const title = `Refunds journey ${Date.now()}`;
  const start = new Date(Date.now() + 21 * 24 * 3600_000);
  start.setUTCHours(18, 0, 0, 0);
  const { organizationId } = await createOwnedEvent(b.baseUrl, token, {
    title,
    description: 'An evening for the refunds journey.',
    startsAt: start,
    ticketType: { pricing: 'PAID', name: 'Standing', price: 2500, quantity: 100 },
  });
  const found = await call<{ items: PublicEventSummary[] }>('GET', publicEventList.path, {
    query: { search: title },
  });
  const summary = found.items.find((e) => e.title === title);
  if (!summary) throw new Error(`the new event "${title}" is not on sale`);
  const event = await call<PublicEvent>('GET', publicEventDetail.path, { query: { event: summary.slug } });
  return { event, organizationId };
}

/** Sets the organization's refund setting; answers the one it had, to put back afterwards. */
async function refundSetting(
  token: string,
  organizationId: string,
  setting: RefundSetting,
): Promise<RefundSetting> {
  const before = await call<Organization>('GET', getOrganizationDetail.path, {
    query: { organizationId },
    headers: { accesstoken: token },
  });
  await call('PUT', updateRefundSetting.path, {
    body: { organizationId, ...setting },
    headers: { accesstoken: token },
  });
  return before.refundSetting;
}

/** A page in a context of its own: the buyer, the organizer's desk and phones are open side by side. */
async function pageAt(width: number, height: number): Promise<Page> {
  const context = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width, height } });
  return context.newPage();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Another buyer's paid order, through the buyer API and the sandbox card page. */
async function paidOrder(page: Page, event: PublicEvent, quantity: number, n: number): Promise<BuyerBooking> {
  const type = event.ticketTypes[0];
  if (!type) throw new Error('no ticket type');
  const booking = await call<BuyerBooking>('POST', createBooking.path, {
    headers: { [HEADERS.idempotencyKey]: `refunds-e2e-${Date.now()}-${n}` },
    body: {
      eventId: event._id,
      lines: [{ ticketTypeId: type._id, quantity }],
      buyer: { name: `Buyer ${n}`, email: `buyer${n}+${Date.now()}@example.com` },
      returnPath: `/e/${event.slug}/return`,
    },
  });
  const link = booking.payment?.redirectUrl;
  if (!link) throw new Error('no card page for the order');
  await page.goto(link);
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(`**/e/${event.slug}/**`);
  return booking;
}

async function chooseReason(page: Page, placeholder: string) {
  await page.getByPlaceholder(placeholder).last().click();
  await page.getByRole('option').first().click();
}

/** On the ticket page: ask to refund the first ticket, with a reason, and confirm. */
async function askForRefund(page: Page) {
  const form = page.getByRole('form', { name: 'Request a refund' });
  await form.getByRole('checkbox').first().check();
  await chooseReason(page, 'Choose a reason');
  await form.getByRole('button', { name: /Request a refund|Send again/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('refund-request-sent').getByText('Your request: ').waitFor();
}

describe('refunds', () => {
  it('a buyer asks, the organizer declines, the buyer asks again, the organizer approves; then the event is cancelled and refunded', async () => {
    const token = await organizerToken(b.baseUrl);
    const { event, organizationId } = await paidEvent(token);
    // Requests wait for the organizer (the demo organization approves them at once).
    const previous = await refundSetting(token, organizationId, {
      policy: 'ANY_TIME_BEFORE_START',
      hoursBeforeStart: null,
      approval: 'MANUAL',
      refundServiceFee: false,
    });

    // The buyer buys three tickets on the public page and pays with the sandbox card.
    const buyer = await pageAt(1440, 900);
    await buyer.goto(`/e/${event.slug}`);
    await buyer.getByRole('heading', { name: event.title, level: 1 }).waitFor();
    const more = buyer.getByRole('button', { name: 'More Standing tickets' });
    for (let i = 0; i < 3; i += 1) await more.click();
    await buyer.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await buyer.getByRole('textbox', { name: 'Email', exact: true }).fill(`grace+${Date.now()}@example.com`);
    await buyer.getByRole('button', { name: 'Reserve and pay' }).click();
    await buyer.waitForURL('**/payment/sandbox/checkout/**');
    await payWith(buyer, '4242 4242 4242 4242');
    await buyer.waitForURL(`**/e/${event.slug}/booking/**`);
    await buyer.getByTestId('booking-confirmed').waitFor({ timeout: 30_000 });
    const ticketUrl = buyer.url();
    const code = ((await buyer.getByTestId('order-code').textContent()) ?? '').trim();

    // …and asks for a refund of one ticket.
    await askForRefund(buyer);
    await shot(buyer, 'refund-request-buyer-1440');

    // The organizer finds the request and declines it with a reason.
    const desk = await pageAt(1440, 900);
    await signIn(desk, DEMO.organizer);
    await desk.goto('/orders?tab=refunds');
    await desk
      .getByRole('link', { name: new RegExp(code) })
      .first()
      .click();
    await desk.getByRole('heading', { name: `Refund request for order ${code}` }).waitFor();
    await shot(desk, 'refund-request-organizer-1440');
    await desk.getByRole('button', { name: 'Decline all' }).click();
    await chooseReason(desk, 'Choose a reason');
    await desk.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await desk.getByText('Declined', { exact: true }).first().waitFor();

    // The buyer sees the decline with its reason and asks again.
    await buyer.goto(ticketUrl);
    await buyer
      .getByText(/declined/i)
      .first()
      .waitFor();
    await askForRefund(buyer);

    // The organizer approves: the confirmation shows the split before Confirm.
    await dismissToasts(desk).catch(() => undefined);
    await desk.goto('/orders?tab=refunds');
    await desk
      .getByRole('link', { name: new RegExp(code) })
      .first()
      .click();
    await desk.getByRole('button', { name: 'Approve all' }).click();
    await desk.getByRole('button', { name: 'Confirm' }).waitFor();
    await shot(desk, 'confirm-refund-1440');
    await desk.getByRole('button', { name: 'Confirm' }).click();

    // One ticket refunded, for its price (the demo organization keeps the service fee).
    const { bookingId, token: access } = (() => {
      const url = new URL(ticketUrl);
      return { bookingId: url.pathname.split('/').pop() ?? '', token: url.searchParams.get('token') ?? '' };
    })();
    await expect
      .poll(
        async () => {
          const booking = await call<BuyerBooking>('GET', getBuyerBooking.path, {
            query: { bookingId, token: access },
          });
          return booking.tickets.map((x) => x.status).sort();
        },
        { timeout: 20_000 },
      )
      .toEqual(['REFUNDED', 'VALID', 'VALID']);
    await desk.goto(`/orders/${bookingId}`);
    await desk.getByText('Refunds', { exact: true }).first().waitFor();
    await shot(desk, 'order-refunded-1440');

    // Two more buyers; then the event is cancelled and every paid order refunded by the job.
    const payer = await pageAt(1440, 900);
    await paidOrder(payer, event, 2, 1);
    await paidOrder(payer, event, 1, 2);
    const [reason] = await call<{ _id: string }[]>('GET', getReasonList.path, {
      query: { kind: 'EVENT_CANCEL' },
      headers: { accesstoken: token },
    });
    await call('POST', cancelEvent.path, {
      body: { eventId: event._id, reasonId: reason?._id },
      headers: { accesstoken: token, [HEADERS.idempotencyKey]: `cancel-${event._id}` },
    });
    await desk.goto(`/orders/events/${event._id}/refund`);
    await desk.getByRole('link', { name: 'Continue' }).click();
    await desk.getByRole('heading', { name: 'Confirm the refunds' }).waitFor();
    await shot(desk, 'event-refund-confirm-1440');
    await desk.getByRole('button', { name: 'Confirm' }).click();
    await desk.getByText(/All 3 orders refunded/).waitFor({ timeout: 60_000 });
    await shot(desk, 'event-refund-done-1440');

    // Every ticket of the first order is refunded now; none can be admitted.
    const after = await call<BuyerBooking>('GET', getBuyerBooking.path, {
      query: { bookingId, token: access },
    });
    expect(after.tickets.every((x) => x.status === 'REFUNDED')).toBe(true);

    // The phone view of the buyer's page and of the organizer's progress.
    const phone = await pageAt(375, 812);
    await phone.goto(ticketUrl);
    await phone.getByTestId('order-code').waitFor();
    await shot(phone, 'refund-buyer-375');
    const phoneDesk = await pageAt(375, 812);
    await signIn(phoneDesk, DEMO.organizer);
    await phoneDesk.goto(`/orders/events/${event._id}/refund/confirm`);
    await phoneDesk.getByText(/All 3 orders refunded/).waitFor({ timeout: 30_000 });
    await shot(phoneDesk, 'event-refund-375');
    await refundSetting(token, organizationId, previous);
  });
});
