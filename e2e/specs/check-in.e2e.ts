import {
  type BuyerBooking,
  getScanHistory,
  SCAN_RESULT_LABELS,
  type ScanHistoryItem,
} from '@marquee/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.js';
import { launchChromium, useBrowser } from '../support/browser.js';
import { buildDoor, codeOf, type Door } from '../support/check-in-world.js';
import { cameraContext, launchChromiumWithCamera, writeQrVideo } from '../support/fake-camera.js';
import { DEMO, signIn } from '../support/session.js';
import { shot } from '../support/shots.js';

/**
 * The door (issue 12): a scanner-only member on a 375 px phone whose camera films a real ticket's QR
 * code. The ticket is admitted, then shown again and found already scanned; a refunded ticket typed in
 * is refused; with the network down two tickets are admitted offline and queued, and the queue empties
 * when it returns. The organizer's screen on the same date sees the count move by itself, and
 * the scan history lists all of it.
 */
const b = useBrowser();

/** The result banner, once it shows this result for this order (order codes are one per person here). */
function banner(page: Page, result: string, booking: BuyerBooking, offline = false) {
  return page
    .locator(`[data-testid="scan-result"][data-result="${result}"][data-offline="${offline}"]`)
    .filter({ hasText: booking.code });
}

/** What the door screen shows now, for a failure's message: its banners, camera notice and network bar. */
async function doorState(page: Page): Promise<string> {
  const banners = await page
    .locator('[data-testid="scan-result"]')
    .evaluateAll((all) =>
      all.map(
        (el) =>
          `${el.getAttribute('data-result')}/offline=${el.getAttribute('data-offline')}: ${el.textContent}`,
      ),
    );
  const alerts = await page.getByRole('alert').allInnerTexts();
  const network = await page.getByTestId('network-state').allInnerTexts();
  return JSON.stringify({ banners, alerts, network });
}

const count = (page: Page, text: string) => page.getByTestId('checkin-count').filter({ hasText: text });

/** Types a code into the manual field and sends it, with the button or with Enter. */
async function typeCode(page: Page, booking: BuyerBooking, send: 'button' | 'enter') {
  const field = page.getByLabel('Ticket code');
  await field.fill(codeOf(booking));
  if (send === 'enter') await field.press('Enter');
  else await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

/** What of the camera's WebAssembly reader the service worker's cache holds: its module and its wasm. */
function readerKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('marquee-assets');
    const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return [
      urls.find((url) => /^\/assets\/reader-[\w-]+\.js$/.test(url)) ?? 'no reader module',
      urls.find((url) => /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url)) ?? 'no reader wasm',
    ];
  });
}

/** The scanner signs in on the camera phone and lands on the check-in of their only event. */
async function scannerPhone(camera: Browser, door: Door): Promise<Page> {
  const context = await cameraContext(camera, b.baseUrl, { width: 375, height: 812 });
  const page = await context.newPage();
  await signInAtDoor(page, door);
  return page;
}

/**
 * The scanner signs in on `page` and lands on the check-in of their only event, its offline list loaded
 * (unless `offlineList` is false: a page that cannot scan offline does not download it).
 */
async function signInAtDoor(page: Page, door: Door, { offlineList = true } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(door.scanner.email);
  await page.getByLabel('Password', { exact: true }).fill(door.scanner.password);
  // The screen downloads the date's ticket list for offline use when it opens.
  const listLoaded = offlineList
    ? page.waitForResponse((r) => r.url().includes('/check-in-offline-list') && r.ok(), { timeout: 30_000 })
    : Promise.resolve();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await Promise.all([
    page.waitForURL(new RegExp(`/orders/events/${door.event._id}/check-in(\\?|$)`)),
    listLoaded,
  ]);
}

/**
 * Runs `use` on the scanner's phone, its camera filming `filmed`'s ticket. A failure leaves a screenshot
 * of the phone named `failureShot` (useBrowser keeps only the desk's page; the phone is in the camera's
 * own browser), and that browser is closed either way.
 */
async function onCameraPhone(
  door: Door,
  filmed: BuyerBooking,
  failureShot: string,
  use: (phone: Page) => Promise<void>,
): Promise<void> {
  const camera = await launchChromiumWithCamera(await writeQrVideo(codeOf(filmed)));
  let phone: Page | undefined;
  try {
    phone = await scannerPhone(camera, door);
    await use(phone);
  } catch (error) {
    if (phone) await shot(phone, failureShot).catch(() => undefined);
    throw error;
  } finally {
    await camera.close();
  }
}

/** The organizer's desk on the same date, its live feed connected. */
async function organizerDesk(door: Door): Promise<Page> {
  const page = await b.newPage({ width: 1280, height: 800 });
  await signIn(page, DEMO.organizer);
  const live = page.waitForResponse((r) => r.url().includes('/check-in-live'), { timeout: 30_000 });
  await page.goto(`/orders/events/${door.event._id}/check-in?date=${door.occurrenceId}`);
  await Promise.all([page.getByRole('heading', { name: door.event.title }).waitFor(), live]);
  return page;
}

describe('door check-in', () => {
  it('a scanner-only phone admits by camera, refuses repeats and refunds, queues offline scans and syncs; the organizer sees it live; the history lists it', async () => {
    const door = await buildDoor(b.baseUrl);
    const desk = await organizerDesk(door);
    await count(desk, '0 / 4 checked in').waitFor();

    await onCameraPhone(door, door.camera, 'failed-phone-375', async (phone) => {
      await phone.getByRole('heading', { name: door.event.title }).waitFor();
      await count(phone, '0 / 4 checked in').waitFor();
      await phone.getByTestId('network-state').filter({ hasText: 'Online' }).waitFor();
      await shot(phone, 'check-in-scanner-375');
      // Door check-in is all the console holds for them: the navigation has nothing else.
      await phone.getByRole('button', { name: 'Open navigation' }).click();
      const navigation = phone.getByRole('navigation');
      await navigation.getByRole('link', { name: 'Check-in' }).waitFor();
      expect(await navigation.getByRole('link').allInnerTexts()).toEqual(['Check-in']);
      await phone.getByRole('button', { name: 'Close navigation' }).click();
      await phone.getByRole('button', { name: 'Open navigation' }).waitFor();

      // The camera films Ada's ticket: admitted, with her name and order.
      await phone.getByRole('tab', { name: 'Scan' }).click();
      await phone.getByRole('button', { name: 'Start camera' }).click();
      const admitted = banner(phone, 'ADMITTED', door.camera);
      await admitted.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
        throw new Error(`no online admission of the filmed ticket; on screen: ${await doorState(phone)}`, {
          cause: error,
        });
      });
      // The organizer's count moves by itself, without a reload (the live feed); watched from now on while
      // the banner is read (the camera still films the code, so the banner changes in a few seconds).
      const deskMoved = count(desk, '1 / 4 checked in').waitFor({ timeout: 10_000 });
      expect(await admitted.getAttribute('role')).toBe('status');
      const admittedText = await admitted.textContent();
      expect(admittedText).toContain(SCAN_RESULT_LABELS.ADMITTED);
      expect(admittedText).toContain('Ada Camera');
      await shot(phone, 'check-in-admitted-375');
      await deskMoved;
      await shot(desk, 'check-in-organizer-1280');

      // The same code, still in front of the camera after the same-code pause: already scanned, when, by whom.
      const again = banner(phone, 'ALREADY_SCANNED', door.camera);
      await again.waitFor({ timeout: 10_000 });
      expect(await again.textContent()).toContain(SCAN_RESULT_LABELS.ALREADY_SCANNED);
      expect(await again.textContent()).toMatch(/Scanned at \d{1,2}:\d{2}\s?[AP]M by Sam Scanner/);
      await shot(phone, 'check-in-already-scanned-375');
      await phone.getByRole('button', { name: 'Stop camera' }).click();
      await phone.getByRole('button', { name: 'Start camera' }).waitFor();

      // Rita's refunded ticket, typed in: refused, and the count does not move.
      await typeCode(phone, door.refunded, 'button');
      const refused = banner(phone, 'REFUNDED', door.refunded);
      await refused.waitFor();
      expect(await refused.textContent()).toContain(SCAN_RESULT_LABELS.REFUNDED);
      await shot(phone, 'check-in-refunded-375');
      await count(phone, '1 / 4 checked in').waitFor();

      // The venue's network drops: two tickets are admitted from the offline list and queued.
      await phone.context().setOffline(true);
      await phone.getByTestId('network-state').filter({ hasText: 'Offline' }).waitFor();
      const [cleo, dan] = door.offline;
      await typeCode(phone, cleo, 'enter');
      const cleoIn = banner(phone, 'ADMITTED', cleo, true);
      await cleoIn.waitFor();
      expect(await cleoIn.textContent()).toContain('Offline');
      await phone.getByTestId('sync-queue').filter({ hasText: '1 waiting to sync' }).waitFor();
      await typeCode(phone, dan, 'enter');
      await banner(phone, 'ADMITTED', dan, true).waitFor();
      await phone.getByTestId('sync-queue').filter({ hasText: '2 waiting to sync' }).waitFor();
      // The door counts them at once, marked as not synced yet.
      await count(phone, '3 / 4 checked in').waitFor();
      await phone.getByTestId('checkin-count-waiting').filter({ hasText: '2 waiting to sync' }).waitFor();
      await shot(phone, 'check-in-offline-queued-375');
      // Nothing reached the server yet.
      await count(desk, '1 / 4 checked in').waitFor();

      // The network returns: the queue syncs by itself and every screen counts three.
      await phone.context().setOffline(false);
      await phone.getByTestId('network-state').filter({ hasText: 'Online' }).waitFor();
      await phone.getByTestId('sync-queue').filter({ hasText: 'All synced' }).waitFor({ timeout: 20_000 });
      await phone.getByText(/Last sync \d{1,2}:\d{2}\s?[AP]M/).waitFor();
      await count(desk, '3 / 4 checked in').waitFor({ timeout: 5_000 });
      await count(phone, '3 / 4 checked in').waitFor({ timeout: 15_000 });
      await expect(phone.getByTestId('scan-conflicts').count()).resolves.toBe(0);
      await shot(phone, 'check-in-synced-375');

      // The scan history on the phone lists every scan: who, how it came in.
      await phone.getByRole('link', { name: 'Scan history' }).click();
      await phone.waitForURL(`**/orders/events/${door.event._id}/scan-history**`);
      await phone.getByRole('heading', { name: 'Scan history' }).waitFor();
      for (const name of ['Ada Camera', 'Rita Refund', 'Cleo Offline', 'Dan Offline']) {
        await phone.getByText(name).first().waitFor();
      }
      await phone.getByText('Synced from offline').first().waitFor();
      expect(await phone.getByText('Eve Absent').count()).toBe(0);
      await shot(phone, 'scan-history-375');
    });

    // What the history holds, read as the organizer: every scan in order, two of them synced from offline.
    const history = await apiCall<{ items: ScanHistoryItem[] }>(b.baseUrl, 'GET', getScanHistory.path, {
      query: { eventId: door.event._id, sort: 'scannedAt' },
      headers: { accesstoken: door.organizerToken },
    });
    // The camera may have met Ada's code more than once before it was stopped: repeats count as one line.
    const lines = history.items
      .map((i) => [i.ticket?.bookingCode, i.result, i.source, i.conflict])
      .filter((line, n, all) => JSON.stringify(line) !== JSON.stringify(all[n - 1]));
    expect(lines).toEqual([
      [door.camera.code, 'ADMITTED', 'ONLINE', false],
      [door.camera.code, 'ALREADY_SCANNED', 'ONLINE', false],
      [door.refunded.code, 'REFUNDED', 'ONLINE', false],
      [door.offline[0].code, 'ADMITTED', 'OFFLINE', false],
      [door.offline[1].code, 'ADMITTED', 'OFFLINE', false],
    ]);
    expect(history.items.every((i) => i.scanner?.name === 'Sam Scanner')).toBe(true);

    // The organizer's history at desk width: the same lines in the table.
    await desk.goto(`/orders/events/${door.event._id}/scan-history`);
    await desk.getByRole('heading', { name: 'Scan history' }).waitFor();
    await desk.getByRole('row').filter({ hasText: 'Dan Offline' }).waitFor();
    expect(await desk.getByRole('row').filter({ hasText: 'Sam Scanner' }).count()).toBe(history.items.length);
    await shot(desk, 'scan-history-1280');
  }, 180_000);

  it('a phone whose camera was never started online reads a ticket by camera after the network drops', async () => {
    const door = await buildDoor(b.baseUrl);
    const [cleo] = door.offline;
    // Headless Chromium on Linux has no BarcodeDetector: it reads with the WebAssembly reader, as an iPhone does.
    await onCameraPhone(door, cleo, 'failed-phone-offline-375', async (phone) => {
      await phone.getByTestId('network-state').filter({ hasText: 'Online' }).waitFor();
      // The door fetched the reader for offline use by itself: the service worker's cache holds it.
      await expect
        .poll(() => readerKept(phone), { timeout: 30_000, interval: 500 })
        .toEqual([
          expect.stringMatching(/\/assets\/reader-/),
          expect.stringMatching(/zxing_reader[^/]*\.wasm$/),
        ]);
      await phone.context().setOffline(true);
      await phone.getByTestId('network-state').filter({ hasText: 'Offline' }).waitFor();
      await phone.getByRole('tab', { name: 'Scan' }).click();
      await phone.getByRole('button', { name: 'Start camera' }).click();
      const admitted = banner(phone, 'ADMITTED', cleo, true);
      await admitted.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
        throw new Error(`no offline admission by camera; on screen: ${await doorState(phone)}`, {
          cause: error,
        });
      });
      expect(await admitted.textContent()).toContain('Offline');
      await phone.getByTestId('sync-queue').filter({ hasText: '1 waiting to sync' }).waitFor();
      await shot(phone, 'check-in-camera-offline-375');
    });
  }, 120_000);

  it('on a plain-http address other than localhost, admits typed codes and says the door works online only', async () => {
    const door = await buildDoor(b.baseUrl);
    // A venue laptop serving the console on the local network: http, a name that is not localhost, so the
    // page is not a secure context (no crypto.randomUUID, no WebCrypto digest, no service worker).
    const host = 'door-laptop.test';
    const browser = await launchChromium([`--host-resolver-rules=MAP ${host} 127.0.0.1`]);
    try {
      const context = await browser.newContext({
        baseURL: `http://${host}:${new URL(b.baseUrl).port}`,
        viewport: { width: 375, height: 812 },
      });
      const page = await context.newPage();
      const listCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/check-in-offline-list')) listCalls.push(request.url());
      });
      await signInAtDoor(page, door, { offlineList: false });
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.getByTestId('online-only').waitFor();
      expect(await page.getByTestId('online-only').textContent()).toBe(
        'Online only: offline scanning needs an https address',
      );
      expect(await page.getByText('Ready offline').count()).toBe(0);
      await typeCode(page, door.camera, 'button');
      await banner(page, 'ADMITTED', door.camera).waitFor();
      await count(page, '1 / 4 checked in').waitFor();
      // The date's ticket list, which such a page could not use, was never downloaded.
      expect(listCalls).toEqual([]);
      await shot(page, 'check-in-plain-http-375');
    } finally {
      await browser.close();
    }
  });
});
