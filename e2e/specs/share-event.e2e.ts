import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOwnedEvent, organizerToken } from '../support/api.js';
import { seriousAxeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

const run = promisify(execFile);
const b = useBrowser();

/** What a QR code image file says, read by zbar (not by the library that drew it). */
async function decodeQr(file: string): Promise<string> {
  const { stdout } = await run('/usr/bin/zbarimg', ['-q', '--raw', file]);
  return stdout.trim();
}

async function expectNoSeriousAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

function startInAMonth() {
  const start = new Date(Date.now() + 30 * 24 * 3600_000);
  start.setUTCHours(18, 0, 0, 0);
  return start;
}

/** A published event of the demo organizer (or a complete draft), with a title of its own. */
async function ownEvent(title: string, draft = false) {
  const token = await organizerToken(b.baseUrl);
  const { event } = await createOwnedEvent(b.baseUrl, token, {
    title,
    description: 'Songs by the harbour, shared with everyone.',
    startsAt: startInAMonth(),
    ticketType: { pricing: 'PAID', name: 'Standing', price: 1500, quantity: 80 },
    draft,
  });
  return event;
}

describe('share the event', () => {
  it('view event page, copy link, QR code as PNG and SVG; the buyer opens the link (1440 px)', async () => {
    const stamp = Date.now();
    const title = `Share journey ${stamp}`;
    const event = await ownEvent(title);
    const link = `${b.baseUrl}/e/share-journey-${stamp}`;
    expect(event.slug).toBe(`share-journey-${stamp}`);

    const page = await b.newPage({ width: 1440, height: 900 });
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management/${event._id}`);
    const share = page.getByRole('region', { name: 'Share the event' });
    await share.waitFor();
    expect(await share.getByLabel('Link for buyers').inputValue()).toBe(link);

    // Copy link: on the clipboard, and said so.
    await share.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The QR code is shown, and downloads for posters: the PNG says the link.
    const qr = share.getByRole('img', { name: `QR code of the link to ${title}` });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'share-e2e-'));
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`share-journey-${stamp}-qr.png`);
    await png.saveAs(path.join(dir, 'qr.png'));
    expect(await decodeQr(path.join(dir, 'qr.png'))).toBe(link);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`share-journey-${stamp}-qr.svg`);
    await svg.saveAs(path.join(dir, 'qr.svg'));
    expect(await fs.readFile(path.join(dir, 'qr.svg'), 'utf8')).toMatch(/^<svg[^>]+viewBox/);
    await fs.rm(dir, { recursive: true, force: true });
    // The toast is gone by the time anyone reads the page; close it as a person would.
    await dismissToasts(page);
    await expectNoSeriousAxeFindings(page);
    await shot(page, 'share-event-1440');

    // View event page: a new tab on the buyers' page.
    const [tab] = await Promise.all([
      b.context.waitForEvent('page'),
      share.getByRole('link', { name: 'View event page' }).click(),
    ]);
    await tab.waitForURL(`**/e/share-journey-${stamp}`);
    await tab.getByRole('heading', { name: title, level: 1 }).waitFor();
    await tab.close();

    // A buyer (no session) opens the link, by its slug or by the event's id (replaced with the slug).
    const buyer = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width: 1440, height: 900 } });
    try {
      const buyerPage = await buyer.newPage();
      await buyerPage.goto(link);
      await buyerPage.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The server-rendered page's buttons wait (disabled) until the live page has taken it over.
      await expect
        .poll(() => buyerPage.getByRole('button', { name: 'Reserve and pay' }).isEnabled())
        .toBe(true);
      await expectNoSeriousAxeFindings(buyerPage);
      await buyerPage.goto(`/e/${event._id}`);
      await buyerPage.waitForURL(`**/e/share-journey-${stamp}`);
      await buyerPage.getByRole('heading', { name: title, level: 1 }).waitFor();
    } finally {
      await buyer.close();
    }
  });

  it('previews a draft as buyers will see it, checkout off (1440 px)', async () => {
    const title = `Draft preview ${Date.now()}`;
    const draft = await ownEvent(title, true);
    expect(draft.slug).toBeNull();
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management/${draft._id}`);
    const share = page.getByRole('region', { name: 'Share the event' });
    await share.getByText('when it is published').waitFor();
    expect(await share.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    const [tab] = await Promise.all([
      b.context.waitForEvent('page'),
      share.getByRole('link', { name: 'Preview' }).click(),
    ]);
    await tab.waitForURL(`**/e/preview/${draft._id}`);
    await tab.getByTestId('preview-banner').getByText('Preview — not published').waitFor();
    await tab.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await tab.getByRole('button', { name: 'Reserve and pay' }).isDisabled()).toBe(true);
    await tab.getByText('Checkout is off in the preview').waitFor();
    await expectNoSeriousAxeFindings(tab);
    await shot(tab, 'share-preview-1440');
    await tab.close();

    // Buyers cannot open the draft, even by its id.
    await page.goto(`/e/${draft._id}`);
    await page.getByRole('heading', { name: 'Event not found' }).waitFor();
  });

  it('shares and previews on a phone (375 px)', async () => {
    const stamp = Date.now();
    const event = await ownEvent(`Phone share ${stamp}`);
    const draft = await ownEvent(`Phone draft ${stamp}`, true);
    const page = await b.newPage({ width: 375, height: 812 });
    await signIn(page, DEMO.organizer);
    await page.goto(`/event-management/${event._id}`);
    const share = page.getByRole('region', { name: 'Share the event' });
    await share.getByRole('img', { name: /QR code of the link/ }).waitFor();
    await share.getByRole('link', { name: 'View event page' }).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeFindings(page);
    await shot(page, 'share-event-375');

    await page.goto(`/e/preview/${draft._id}`);
    await page.getByTestId('preview-banner').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeFindings(page);
    await shot(page, 'share-preview-375');
  });
});
