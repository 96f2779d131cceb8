import { publicEventList } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import { AUDIT_WIDTHS, audit, firstLink } from '../support/screen-audit.js';
import { DEMO, signIn } from '../support/session.js';

/**
 * The public pages and the organizer's main screens, as the account that uses them, at a desktop and a
 * phone width: axe finds no critical or serious violation (issue 27). One sign-in per width keeps it
 * quick. The administrator's screens are in accessibility-admin.e2e.ts, so the two run side by side.
 */
const b = useBrowser();

describe('accessibility: public and organizer screens', () => {
  for (const size of AUDIT_WIDTHS) {
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
  }
});
