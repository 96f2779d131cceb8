import { publicEventList } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.js';
import { type AxeFinding, seriousAxeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn } from '../support/session.js';

/**
 * Every main screen, as the account that uses it, at a desktop and a phone width: axe finds no critical
 * or serious violation (issue 27). One sign-in per account and width keeps it quick.
 */
const b = useBrowser();

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
] as const;

/** Waits until the screen has drawn its data: a heading, and no loader or skeleton left. */
async function settled(page: Page) {
  await page.locator('h1, h2').first().waitFor();
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, [aria-busy="true"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Charts and transitions draw on the next frames.
  await page.waitForTimeout(300);
}

const describeFinding = (path: string, f: AxeFinding) =>
  `${path}: ${f.id} (${f.impact}) ${f.help} at ${f.targets.slice(0, 3).join(', ')}${f.targets.length > 3 ? ` and ${f.targets.length - 3} more` : ''}: ${f.html}`;

/** Visits each path and answers what axe found, one line per rule and screen. */
async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    found.push(...(await seriousAxeFindings(page)).map((f) => describeFinding(path, f)));
  }
  return found;
}

/** The href of the first link matching `pattern` on the page at `path`. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  await settled(page);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link like ${pattern} on ${path}`);
  return href;
}

describe('accessibility', () => {
  for (const size of WIDTHS) {
    it(`the sign-in page and a public event page at ${size.width} px`, async () => {
      const page = await b.newPage(size);
      const missing: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) missing.push(response.url());
      });
      const found = await audit(page, ['/login']);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      const list = await apiCall<{ items: { slug: string }[] }>(b.baseUrl, 'GET', publicEventList.path, {
        query: { limit: '1' },
      });
      const event = list.items[0]?.slug;
      if (event) found.push(...(await audit(page, [`/e/${event}`])));
      expect(found).toEqual([]);
      // Nothing a page asks for is missing (an icon, a manifest, a script).
      expect(missing).toEqual([]);
    });

    it(`the organizer's screens at ${size.width} px`, async () => {
      const page = await b.newPage(size);
      await signIn(page, DEMO.organizer);
      const event = await firstLink(
        page,
        '/event-management',
        /^\/event-management\/(classes\/)?[0-9a-f-]{36}$/,
      );
      const eventId = event.split('/').at(-1) as string;
      const order = await firstLink(page, '/orders', /^\/orders\/[0-9a-f-]{36}$/);
      const found = await audit(page, [
        '/dashboard',
        '/event-management',
        event,
        `/event-management/${eventId}/attendees`,
        '/orders',
        order,
        `/orders/events/${eventId}`,
        `/orders/events/${eventId}/check-in`,
        '/organizations',
        '/my-profile',
      ]);
      expect(found).toEqual([]);
    });

    it(`the administrator's screens at ${size.width} px`, async () => {
      const page = await b.newPage(size);
      await signIn(page, DEMO.admin);
      const user = await firstLink(page, '/user-management', /^\/user-management\/[0-9a-f-]{36}$/);
      const found = await audit(page, [
        '/dashboard',
        '/audit-log',
        '/user-management',
        user,
        `${user}/events-booked`,
        '/category-management',
        '/banner-management',
        '/tag-management',
        '/reason-management',
        '/organizer-requests',
      ]);
      expect(found).toEqual([]);
    });
  }
});
