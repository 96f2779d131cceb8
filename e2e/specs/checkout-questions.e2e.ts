import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOwnedEvent, organizerToken } from '../support/api.js';
import { seriousAxeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();

async function expectNoSeriousAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

/** Adds one question through the console's form. */
async function addQuestion(
  page: Page,
  question: { label: string; type: string; perTicket: boolean; required: boolean },
) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill(question.label);
  await dialog.getByLabel('Answer type', { exact: true }).first().click();
  await page.getByRole('option', { name: question.type, exact: true }).click();
  if (question.perTicket) await dialog.getByRole('radio', { name: 'For each ticket (attendee)' }).check();
  if (question.required) await dialog.getByRole('switch', { name: 'Required' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Question added.').first().waitFor();
  await dismissToasts(page);
  await page.getByTestId('question-row').filter({ hasText: question.label }).waitFor();
}

describe('checkout questions', () => {
  it('the organizer asks, the buyer answers on a phone (fixing a field), the organizer reads it on the order', async () => {
    const title = `Supper club ${Date.now()}`;
    const token = await organizerToken(b.baseUrl);
    const start = new Date(Date.now() + 30 * 24 * 3600_000);
    start.setUTCHours(18, 0, 0, 0);
    const { event } = await createOwnedEvent(b.baseUrl, token, {
      title,
      description: 'Dinner with questions at checkout.',
      startsAt: start,
      ticketType: { pricing: 'FREE', name: 'Free entry', price: 0, quantity: 100 },
    });

    // The organizer, on a wide screen: from the event's page to its questions.
    const organizer = await b.newPage({ width: 1440, height: 900 });
    await signIn(organizer, DEMO.organizer);
    await organizer.goto(`/event-management/${event._id}`);
    await organizer.getByRole('link', { name: 'Checkout questions' }).click();
    await organizer.waitForURL(`**/event-management/${event._id}/checkout-questions`);
    await organizer.getByTestId('questions-empty').waitFor();
    await expectNoSeriousAxeFindings(organizer);

    await addQuestion(organizer, {
      label: 'Dietary needs',
      type: 'Short text',
      perTicket: true,
      required: true,
    });
    await addQuestion(organizer, { label: 'Invoice email', type: 'Email', perTicket: false, required: true });
    // The invoice question first.
    await organizer.getByRole('button', { name: 'Move “Invoice email” up' }).click();
    await expect
      .poll(() => organizer.getByTestId('question-row').first().textContent())
      .toContain('1. Invoice email');
    await dismissToasts(organizer);
    await expectNoSeriousAxeFindings(organizer);
    await shot(organizer, 'checkout-questions-1440');
    // The same screen on a phone.
    await organizer.setViewportSize({ width: 375, height: 812 });
    await organizer.getByRole('button', { name: 'Move “Invoice email” down' }).waitFor();
    await expectNoSeriousAxeFindings(organizer);
    await shot(organizer, 'checkout-questions-375');
    await organizer.setViewportSize({ width: 1440, height: 900 });

    // The buyer, on a phone, in a browser of their own (the organizer's stays signed in).
    const buyer = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width: 375, height: 812 } });
    const phone = await buyer.newPage();
    await phone.goto(`/e/${event._id}`);
    await phone.getByRole('heading', { name: title, level: 1 }).waitFor();
    await phone.getByRole('button', { name: 'More Free entry tickets' }).click();
    const questions = phone.getByTestId('checkout-questions');
    await questions.getByRole('textbox', { name: 'Invoice email' }).fill('accounts-at-acme');
    await questions
      .getByRole('group', { name: 'Ticket 1: Free entry' })
      .getByRole('textbox', { name: 'Dietary needs' })
      .fill('Vegetarian, no nuts');
    await phone.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await phone.getByRole('textbox', { name: 'Email', exact: true }).fill(`grace+${Date.now()}@example.com`);
    await phone.getByRole('button', { name: 'Get tickets' }).click();

    // The field says what is wrong; nothing typed is lost.
    await questions.getByText('Enter a valid email address').waitFor();
    expect(
      await questions
        .getByRole('group', { name: 'Ticket 1: Free entry' })
        .getByRole('textbox', { name: 'Dietary needs' })
        .inputValue(),
    ).toBe('Vegetarian, no nuts');
    await expectNoSeriousAxeFindings(phone);
    await shot(phone, 'checkout-questions-buyer-375');

    await questions.getByRole('textbox', { name: 'Invoice email' }).fill('accounts@acme.example');
    await phone.getByRole('button', { name: 'Get tickets' }).click();
    await phone.getByTestId('booking-confirmed').waitFor({ timeout: 30_000 });
    const bookingId = new URL(phone.url()).pathname.split('/').pop() ?? '';
    await buyer.close();

    // The organizer reads the answers on the order.
    await organizer.goto(`/orders/${bookingId}`);
    const answers = organizer.getByTestId('order-answers');
    await answers.getByText('accounts@acme.example').waitFor();
    await answers.getByText('Vegetarian, no nuts').waitFor();
    await expectNoSeriousAxeFindings(organizer);
    await shot(organizer, 'checkout-questions-order-1440');
  });
});
