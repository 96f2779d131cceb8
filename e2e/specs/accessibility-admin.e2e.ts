import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { AUDIT_WIDTHS, audit, firstLink } from '../support/screen-audit.js';
import { DEMO, signIn } from '../support/session.js';

/**
 * The administrator's main screens at a desktop and a phone width: axe finds no critical or serious
 * violation (issue 27). The public and organizer screens are in accessibility-organizer.e2e.ts.
 */
const b = useBrowser();

describe("accessibility: the administrator's screens", () => {
  for (const size of AUDIT_WIDTHS) {
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
