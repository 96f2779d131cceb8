import { DEV_CLIENT_CREDENTIALS, type EventSummary, panelOrganizerEventList } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn } from '../support/session.js';

const b = useBrowser();

/** The demo member (README, "Demo accounts"): active in the jazz club, with a role on two of its events. */
const MEMBER = { email: 'member@example.com', password: 'Member#12345' };

const JAZZ_JAM = 'Friday Night Jazz Jam'; // Mia scans tickets here.
const BIG_BAND = 'Saturday Big Band Series'; // Mia is its event organizer.
const MIDSUMMER = "A Midsummer Night's Dream: Premiere"; // The theatre's, nothing to Mia.
const PIANO = 'Jazz Piano for Beginners'; // The jazz club's, but Mia has no role on it.
const BLOCKED_THEATRE = 'Backstage Tour and Costume Sale';

/** The demo events as the administrator's API sees them, to learn their ids. */
async function demoEvents(): Promise<EventSummary[]> {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    secretkey: secretKey,
    'content-type': 'application/json',
  };
  const login = await fetch(`${b.baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
  });
  headers.accesstoken = (await login.json()).result.accessToken;
  const events: EventSummary[] = [];
  for (const tab of ['UPCOMING', 'PAST', 'DRAFTS', 'CANCELLED']) {
    const query = new URLSearchParams({ tab, limit: '100' });
    const response = await fetch(`${b.baseUrl}${panelOrganizerEventList.path}?${query}`, { headers });
    expect(response.status).toBe(200);
    events.push(...(await response.json()).result.items);
  }
  return events;
}

function eventNamed(events: EventSummary[], title: string): EventSummary {
  const event = events.find((e) => e.title === title);
  if (!event) throw new Error(`no demo event "${title}"`);
  return event;
}

/** The list's rows (the header row excluded). */
const rows = (page: Page) => page.locator('tbody tr');

async function openRowMenu(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).waitFor();
}

/** Escape closes the open menu; the next one is opened only once it is gone (two would be ambiguous). */
async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

async function menuItems(page: Page): Promise<string[]> {
  const items = await page.getByRole('menuitem').allInnerTexts();
  return items.map((t) => t.trim());
}

describe('event management by role', () => {
  it('the member sees only her two events, with her role, and nothing else opens', async () => {
    const events = await demoEvents();
    const page = await b.newPage();
    await signIn(page, MEMBER);
    await page.goto('/event-management');
    await page.getByRole('heading', { name: 'Event management' }).waitFor();
    await page.getByRole('link', { name: BIG_BAND }).waitFor();

    // Her two demo events, each naming what she is to it; every row is one she has a role on (other
    // journeys may have given her more), and her club's events she has no role on are not listed.
    const roles = await rows(page).evaluateAll((all) => all.map((row) => row.textContent ?? ''));
    expect(roles.length).toBeGreaterThanOrEqual(2);
    for (const text of roles) expect(text).toMatch(/Scanner|Event organizer/);
    expect(await rows(page).filter({ hasText: 'Jazz Piano for Beginners' }).count()).toBe(0);
    await rows(page).filter({ hasText: JAZZ_JAM }).getByText('Scanner', { exact: true }).waitFor();
    await rows(page).filter({ hasText: BIG_BAND }).getByText('Event organizer', { exact: true }).waitFor();
    // Members create nothing, and administrators' moderation is not offered.
    for (const name of ['Single event', 'Multi event', 'Class', 'Create', 'Block', 'Verify']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await openRowMenu(page, BIG_BAND);
    const managing = await menuItems(page);
    expect(managing).toContain('Edit');
    expect(managing).not.toContain('Block');
    expect(managing).not.toContain('Verify');
    await closeMenu(page);
    // A scanner's row opens the event, nothing more.
    await openRowMenu(page, JAZZ_JAM);
    expect(await menuItems(page)).toEqual(['View']);
    await closeMenu(page);

    // The event she organizes opens with its details, and she may edit it.
    await page.getByRole('link', { name: BIG_BAND }).click();
    await page.getByRole('heading', { name: BIG_BAND }).waitFor();
    await page.getByText('You are: Event organizer').waitFor();
    await page.getByRole('heading', { name: 'Tickets', exact: true }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).waitFor();
    const more = await menuItems(page);
    expect(more).toContain('Archive');
    expect(more).not.toContain('Block');
    expect(more).not.toContain('Verify');
    await closeMenu(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/event-management/${eventNamed(events, BIG_BAND)._id}/edit`);
    await page.getByRole('textbox', { name: /^Title/ }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe(BIG_BAND);
    const description = `Four Saturday nights with the Springfield Big Band (updated ${Date.now()}).`;
    await page.getByRole('textbox', { name: /^Description/ }).fill(description);
    // Straight to the last step (Next turns into the submit button in place, so clicking it in a loop
    // could submit by accident).
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[data-toast-kind="success"]').first().waitFor();
    await page.goto(`/event-management/${eventNamed(events, BIG_BAND)._id}`);
    await page.getByText(description).waitFor();

    // The event she scans for shows its header only.
    await page.goto(`/event-management/${eventNamed(events, JAZZ_JAM)._id}`);
    await page.getByRole('heading', { name: JAZZ_JAM }).waitFor();
    await page.getByText('You are: Scanner').waitFor();
    await page.getByTestId('event-zone').waitFor();
    await page.getByText('You scan tickets for this event').waitFor();
    expect(await page.getByTestId('event-actions').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Tickets', exact: true }).count()).toBe(0);

    // Any other event, of her organization or another, is not found.
    for (const title of [PIANO, MIDSUMMER]) {
      const event = eventNamed(events, title);
      await page.goto(`/event-management/${event.kind === 'CLASS' ? 'classes/' : ''}${event._id}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByText(title).count()).toBe(0);
    }
  });

  it("the administrator sees both organizations' events with moderation", async () => {
    const events = await demoEvents();
    const jazz = eventNamed(events, JAZZ_JAM).organization;
    const theatre = eventNamed(events, MIDSUMMER).organization;
    const page = await b.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/event-management');
    await page.getByText("Every organization's events, with moderation.").waitFor();
    // Bulk moderation is the administrator's.
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();

    for (const [organization, title] of [
      [jazz, JAZZ_JAM],
      [theatre, MIDSUMMER],
    ] as const) {
      await page.goto(`/event-management?organizationId=${organization._id}`);
      const row = rows(page).filter({ hasText: title });
      await row.getByText(organization.name).waitFor();
      await row.getByText('Administrator', { exact: true }).waitFor();
      await openRowMenu(page, title);
      const items = await menuItems(page);
      expect(items).toEqual(expect.arrayContaining(['Edit', 'Block', 'Report', 'Archive', 'Delete']));
      expect(items.some((i) => i === 'Verify' || i === 'Unverify')).toBe(true);
      await closeMenu(page);
    }

    // A blocked event offers Unblock, and says Blocked in words.
    await page.goto(`/event-management?organizationId=${theatre._id}&flag=BLOCKED`);
    const blocked = rows(page).filter({ hasText: BLOCKED_THEATRE });
    await blocked.getByText('Blocked', { exact: true }).waitFor();
    await openRowMenu(page, BLOCKED_THEATRE);
    expect(await menuItems(page)).toContain('Unblock');
  });

  it("the organizer's tabs hold the demo drafts, past and cancelled events", async () => {
    const page = await b.newPage();
    await signIn(page, DEMO.organizer);
    // Found by its name: journeys before this one in the lane add upcoming events of the organizer's,
    // which can push the demo's series past the list's first page.
    await page.goto(`/event-management?search=${encodeURIComponent(BIG_BAND)}`);
    await page.getByRole('link', { name: BIG_BAND }).waitFor();
    await page.goto('/event-management');
    for (const [tab, titles] of [
      ['Drafts', ["New Year's Eve Big Band Gala", 'Stage Combat Workshop']],
      ['Past', ['Autumn Jazz Brunch', 'Autumn Reading Night']],
      ['Cancelled', ['Open-air Swing Night', 'Shakespeare in the Park']],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForURL(`**/event-management?tab=${tab.toLowerCase()}`);
      for (const title of titles) await page.getByRole('link', { name: title }).waitFor();
      expect(await page.getByRole('link', { name: BIG_BAND }).count()).toBe(0);
      expect(await rows(page).filter({ hasText: 'Owner' }).count()).toBeGreaterThan(0);
    }
    // A cancelled event says so and why.
    await page.getByRole('link', { name: 'Shakespeare in the Park' }).click();
    await page.getByTestId('cancellation').getByText('Reason: Venue unavailable').waitFor();
  });
});
