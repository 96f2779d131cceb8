import {
  CONFIRM_LABELS,
  createSingleEvent,
  DEV_CLIENT_CREDENTIALS,
  EVENT_MESSAGES,
  type EventInput,
  emptySelectionMessage,
  getCategoryList,
  panelOrganizationList,
} from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn, toast } from '../support/session.js';

const b = useBrowser();

/** A signed-in caller of the API, as the console's forms are (the forms have their own journeys). */
async function apiAs(account: { email: string; password: string }) {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  const base = {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    secretkey: secretKey,
    'content-type': 'application/json',
  };
  const login = await fetch(`${b.baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const token = (await login.json()).result.accessToken as string;
  const headers = { ...base, accesstoken: token };
  return {
    async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
      const response = await fetch(`${b.baseUrl}${path}?${new URLSearchParams(query)}`, { headers });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()).result as T;
    },
    async post<T>(path: string, body: unknown): Promise<T> {
      const response = await fetch(`${b.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()).result as T;
    },
  };
}

/** A published single event of the organizer's demo organization, in Tokyo, two weeks from now. */
async function createEvent(title: string): Promise<string> {
  const api = await apiAs(DEMO.organizer);
  const organizations = await api.get<{ items: { _id: string; name: string; access: string }[] }>(
    panelOrganizationList.path,
    { limit: '100' },
  );
  const organization = organizations.items.find((o) => o.access === 'OWNER');
  if (!organization) throw new Error('the demo organizer owns no organization');
  const [category] = await api.get<{ _id: string }[]>(getCategoryList.path);
  if (!category) throw new Error('no demo category');
  const start = new Date(Date.now() + 14 * 24 * 3600_000);
  start.setUTCHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 3 * 3600_000);
  const body: EventInput = {
    organizationId: organization._id,
    title,
    description: 'An evening of jazz for the end-to-end journeys.',
    categoryId: category._id,
    location: {
      type: 'VENUE',
      venueName: 'Harbor Hall',
      address: '1-2-3 Minato, Tokyo',
      timeZone: 'Asia/Tokyo',
    },
    visibility: 'PUBLIC',
    occurrences: [{ startsAt: start.toISOString(), endsAt: end.toISOString(), capacity: 100 }],
    ticketTypes: [{ pricing: 'PAID', name: 'Standing', price: 2500, quantity: 100 }],
  };
  const event = await api.post<{ _id: string }>(createSingleEvent.path, body);
  return event._id;
}

async function confirm(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: CONFIRM_LABELS.cancel, exact: true }).waitFor();
  await dialog.getByRole('button', { name: CONFIRM_LABELS.confirm, exact: true }).click();
}

describe('event moderation', () => {
  it('asks before switching an event private, and switches it after Confirm', async () => {
    const title = `Private switch ${Date.now()}`;
    const eventId = await createEvent(title);
    const page = await b.newPage();
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management/${eventId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page
      .getByTestId('event-zone')
      .getByText(/Asia\/Tokyo/)
      .waitFor();

    const toggle = page.getByRole('switch', { name: 'Public' });
    await toggle.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Make event private' });
    await dialog.getByRole('button', { name: CONFIRM_LABELS.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click({ force: true });
    await confirm(page, 'Make event private');
    await page.getByTestId('event-status').getByText('Private').waitFor();
    expect(await toggle.isChecked()).toBe(false);
  });

  it('an administrator blocks an event; the organizer then cannot change its status', async () => {
    const title = `Blocked switch ${Date.now()}`;
    const eventId = await createEvent(title);

    const admin = await b.newPage();
    await signIn(admin, DEMO.admin);
    await admin.goto(`/event-management?search=${encodeURIComponent(title)}`);
    await admin.getByRole('link', { name: title }).waitFor();
    // A bulk action with nothing selected says so.
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(admin, emptySelectionMessage('delete')).waitFor();
    await dismissToasts(admin);
    await admin.getByRole('button', { name: `Actions for ${title}` }).click();
    await admin.getByRole('menuitem', { name: 'Block' }).click();
    await confirm(admin, 'Block event');
    await admin.getByRole('row').filter({ hasText: title }).getByText('Blocked', { exact: true }).waitFor();

    const organizerContext = await b.browser.newContext({ baseURL: b.baseUrl });
    try {
      const page = await organizerContext.newPage();
      await signIn(page, DEMO.organizer);
      await page.goto(`/event-management/${eventId}`);
      await page.getByTestId('event-status').getByText('Blocked').waitFor();
      // Organizers get no block/verify actions.
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Archive' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Unblock' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.getByRole('switch', { name: 'Public' }).click({ force: true });
      await confirm(page, 'Make event private');
      await toast(page, EVENT_MESSAGES.statusLocked).waitFor();
      expect(await page.getByRole('switch', { name: 'Public' }).isChecked()).toBe(true);
    } finally {
      await organizerContext.close();
    }
  });

  it('works at 375 px: rows as cards with their menu, create in one menu', async () => {
    const title = `Phone ${Date.now()}`;
    await createEvent(title);
    const page = await b.newPage({ width: 375, height: 740 });
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management?search=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: title }).waitFor();
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Multi event' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
