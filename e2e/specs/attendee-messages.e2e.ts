import { type BuyerBooking, cancelEvent, createBooking, getReasonList, HEADERS } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createOwnedEvent, organizerToken } from '../support/api.js';
import { seriousAxeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();

/** A published event of the demo organizer with two guests' free orders (confirmed at once). */
async function eventWithBuyers(title: string) {
  const token = await organizerToken(b.baseUrl);
  const start = new Date(Date.now() + 30 * 24 * 3600_000);
  start.setUTCHours(18, 0, 0, 0);
  const { event } = await createOwnedEvent(b.baseUrl, token, {
    title,
    description: 'An evening to write to its attendees.',
    startsAt: start,
    ticketType: { pricing: 'FREE', name: 'Free entry', price: 0, quantity: 100 },
  });
  const stamp = Date.now();
  const buyers = [`grace+${stamp}@example.com`, `alan+${stamp}@example.com`];
  for (const email of buyers) {
    const booking = await apiCall<BuyerBooking>(b.baseUrl, 'POST', createBooking.path, {
      headers: { [HEADERS.idempotencyKey]: `messages-e2e-${email}` },
      body: {
        eventId: event._id,
        occurrenceId: event.occurrences[0]?._id,
        lines: [{ ticketTypeId: event.ticketTypes[0]?._id as string, quantity: 1 }],
        buyer: { name: 'Guest Buyer', email },
      },
    });
    expect(booking.status).toBe('CONFIRMED');
  }
  return { event, buyers };
}

/** The development outbox (administrators only), reloaded until a message to `to` about `subject` shows. */
async function outboxMessage(page: Page, to: string, subject: string) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.goto('/dev-outbox');
    const message = page.getByTestId('outbox-message').filter({ hasText: to }).filter({ hasText: subject });
    // The list loads after the page: wait for it (the delivery loop may still be sending, so reload).
    const found = await message
      .first()
      .waitFor({ timeout: 4000 })
      .then(() => true)
      .catch(() => false);
    if (found) return message.first();
  }
  throw new Error(`no message to ${to} about "${subject}" in the outbox`);
}

async function expectNoSeriousAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

describe('messages to attendees', () => {
  it('compose → count → preview → test to me → send → history; the email reaches the outbox', async () => {
    const title = `Messages journey ${Date.now()}`;
    const { event, buyers } = await eventWithBuyers(title);
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);

    await page.goto(`/event-management/${event._id}`);
    await page.getByRole('link', { name: 'Messages to attendees' }).click();
    await page.waitForURL(`**/event-management/${event._id}/messages`);
    await page.getByRole('heading', { name: 'Messages to attendees' }).waitFor();
    await page.getByTestId('no-messages').waitFor();
    await expect
      .poll(() => page.getByTestId('recipient-count').textContent())
      .toBe('This message will go to 2 people.');

    // Sending without a subject or text: errors on the fields, nothing sent.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Enter a subject').waitFor();
    await page.getByText('Write the message').waitFor();
    await expectNoSeriousAxeFindings(page);

    const subject = `Doors open at 6 — ${title}`;
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Doors open at 6 PM.\nBring your ticket.\n\nThe map: https://example.com/map <b>not bold</b>');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('[data-testid="email-preview"]');
    await preview.getByRole('link', { name: 'https://example.com/map' }).waitFor();
    await preview.getByText('<b>not bold</b>', { exact: false }).waitFor();
    await preview
      .getByText(`You receive this because you have a ticket to ${title}`, { exact: false })
      .waitFor();
    await expectNoSeriousAxeFindings(page);
    await shot(page, 'attendee-messages-preview-1440');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await toast(page, `A test is on its way to ${DEMO.organizer.email}.`).first().waitFor();
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this message?' });
    await dialog.getByText('goes to 2 people now').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Your message is on its way to 2 people.').first().waitFor();
    // The toasts' close buttons have no name (a console-wide finding, outside this screen).
    await dismissToasts(page);
    const row = page.getByTestId('message-row').filter({ hasText: subject });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('To 2');
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('');

    // The detail shows the text as written.
    await row.getByRole('button', { name: subject }).click();
    await page.getByTestId('message-detail').getByText('Bring your ticket.', { exact: false }).waitFor();
    await expectNoSeriousAxeFindings(page);
    await page.keyboard.press('Escape');
    await shot(page, 'attendee-messages-1440');

    // Chosen orders: "Message buyers" on the event's orders list opens the form for those buyers.
    await page.goto(`/orders/events/${event._id}`);
    await page.getByRole('checkbox', { name: 'Select row' }).first().check();
    await page.getByRole('button', { name: 'Message buyers' }).click();
    await page.waitForURL(/\/messages\?bookingIds=/);
    await page.getByText('1 order chosen in the orders list.').waitFor();
    await expect
      .poll(() => page.getByTestId('recipient-count').textContent())
      .toBe('This message will go to 1 person.');
    await row.waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await row.waitFor();
    // Once the layout has followed the new width, nothing reaches past the phone's width.
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
    );
    expect(overflowing).toEqual([]);
    await expectNoSeriousAxeFindings(page);
    await shot(page, 'attendee-messages-375');

    // The emails went out through the outbox: each buyer's, and the test to the organizer.
    const admin = await b.browser.newContext({ baseURL: b.baseUrl });
    try {
      const adminPage = await admin.newPage();
      await signIn(adminPage, DEMO.admin);
      const mail = await outboxMessage(adminPage, buyers[0] as string, subject);
      expect(await mail.textContent()).toContain('You receive this because you have a ticket to');
      await outboxMessage(adminPage, DEMO.organizer.email, `[Test] ${subject}`);
      // Delivered: the history counts it once the outbox has sent both.
      await page.reload();
      await expect
        .poll(async () => page.getByTestId('message-row').filter({ hasText: subject }).textContent(), {
          timeout: 20_000,
        })
        .toContain('Delivered 2');
    } finally {
      await admin.close();
    }
  }, 120_000);

  it('after a cancellation, the event page offers a prepared message to its attendees', async () => {
    const title = `Cancelled journey ${Date.now()}`;
    const { event } = await eventWithBuyers(title);
    const token = await organizerToken(b.baseUrl);
    const [reason] = await apiCall<{ _id: string }[]>(b.baseUrl, 'GET', getReasonList.path, {
      query: { kind: 'EVENT_CANCEL' },
      headers: { accesstoken: token },
    });
    await apiCall(b.baseUrl, 'POST', cancelEvent.path, {
      body: { eventId: event._id, reasonId: reason?._id },
      headers: { accesstoken: token, [HEADERS.idempotencyKey]: `cancel-${event._id}` },
    });
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management/${event._id}`);
    await page.getByTestId('cancellation').getByRole('link', { name: 'Message the 2 attendees' }).click();
    await page.waitForURL(/\/messages\?preset=cancelled/);
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe(`${title} is cancelled`);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toContain(
      `We are sorry to tell you that ${title} is cancelled.`,
    );
    await expect
      .poll(() => page.getByTestId('recipient-count').textContent())
      .toBe('This message will go to 2 people.');
    await expectNoSeriousAxeFindings(page);
  });
});
