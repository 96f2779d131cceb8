import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { DEMO_ACCOUNTS } from '../src/db/seed.js';
import type { BenchLine } from './lists.js';

/**
 * The console on the wire and cold on a phone (docs/performance.md, "Console on the wire and cold
 * mobile"). The server with the built console (apps/web/dist: `npm run build` first, which also leaves
 * the brotli and gzip copies) on the bench's database, then:
 *
 * - the login route's first download: /login opened in a fresh headless Chromium (playwright-core; it
 *   sends `accept-encoding: gzip, deflate, br, zstd`), the bytes on the wire (headers and encoded bodies)
 *   of every response finished when React has taken the prerendered form over (`loginWire`). The
 *   issue's target: ≤ 170 kB.
 * - Lighthouse (npm `lighthouse`, its CLI in its own process, mobile with its default simulated
 *   throttling, performance only) on /login, on a published event's public page /e/<slug>, and on
 *   /dashboard signed in as the demo organizer. Each run is cold: a new Chromium (chrome-launcher,
 *   CHROME_PATH, default /usr/bin/chromium; nothing is downloaded) with an empty profile; for the
 *   dashboard the session is made through the login form first, then the HTTP cache, the service worker
 *   and its caches are cleared (the service worker waited for and unregistered first), the session
 *   (localStorage) kept; a run that downloaded under 100 kB was served from a cache and is run again.
 *   Targets: /login score ≥ 90 and LCP ≤ 2.5 s; /dashboard LCP ≤ 3.5 s and TBT ≤ 600 ms; the event page
 *   like /login.
 *
 * BENCH_LIGHTHOUSE_SAVE=<folder> keeps each run's report (JSON) there.
 * BENCH_LIGHTHOUSE_RUNS (default 3) runs per page; min, median and max are printed with the load
 * average, since Lighthouse's simulation reads the CPU time the page really took: on a loaded machine
 * TBT and LCP come out worse than on an idle one.
 */
const execFileAsync = promisify(execFile);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouseCli = fileURLToPath(new URL('../node_modules/.bin/lighthouse', import.meta.url));
const rootLighthouseCli = fileURLToPath(new URL('../../../node_modules/.bin/lighthouse', import.meta.url));
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Stats {
  min: number;
  median: number;
  max: number;
}
function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}
const fmt = (s: Stats, unit: string, digits = 0) =>
  `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)} ${unit}`;

/**
 * Bytes on the wire until the login form works, in a fresh browser. The form's markup arrives
 * prerendered in the page, so the moment that counts is when React has taken it over (hydrated: the
 * password field carries React's fiber). A response counts when the page's own resource timing says it
 * had finished by then. Judging by when Playwright's wait returned instead counted, in a slow run,
 * chunks the console fetches only after the form works (the toasts), and printed 177 kB for a 165 kB
 * route.
 */
async function loginWire(address: string) {
  const browser = await chromium.launch({ executablePath: chromePath });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    // A string, not a function: tsx would wrap the inner function in a helper the page does not have.
    // The observer runs right after React's commit puts the live form in, before any effect.
    await page.addInitScript(`new MutationObserver((_, observer) => {
      const field = document.querySelector('input[type="password"]');
      if (!field || !Object.keys(field).some((key) => key.startsWith('__reactFiber'))) return;
      window.formAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true })`);
    const finished: Promise<{ url: string; bytes: number; encoded: boolean }>[] = [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          return {
            url: request.url(),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            encoded: Boolean(response?.headers()['content-encoding']),
          };
        })(),
      );
    });
    await page.goto(`${address}/login`);
    await page.waitForFunction(() => 'formAt' in window);
    await page.waitForLoadState('networkidle');
    const early = new Set(
      await page.evaluate(() => {
        const formAt = (window as unknown as { formAt: number }).formAt;
        return performance
          .getEntries()
          .filter((entry): entry is PerformanceResourceTiming => 'responseEnd' in entry)
          .filter((entry) => entry.responseEnd <= formAt)
          .map((entry) => entry.name);
      }),
    );
    const before = (await Promise.all(finished)).filter((response) => early.has(response.url));
    return {
      bytes: before.reduce((sum, response) => sum + response.bytes, 0),
      files: before.length,
      encoded: before.filter((response) => response.encoded).length,
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  bytes: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster), taken at each run. */
  benchmarkIndex: number;
  /** The Chromium and Lighthouse that measured: figures compare only with those of the same tools and host. */
  tools: string;
}

async function lighthouseRun(url: string, options: { signIn?: { email: string; password: string } }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const origin = new URL(url).origin;
    if (options.signIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email or username').fill(options.signIn.email);
      await page.getByLabel('Password', { exact: true }).fill(options.signIn.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((to) => !to.pathname.startsWith('/login'));
      // The console's service worker installs in the background after the sign-in; cleared while its
      // precache was still being written, it could come back and serve the measured load from its cache
      // (a "cold" run of 5 kB and an LCP of 1.8 s). So it is waited for and unregistered first.
      await page.evaluate(`(async () => {
        if (!('serviceWorker' in navigator)) return;
        await Promise.race([navigator.serviceWorker.ready, new Promise((done) => setTimeout(done, 15000))]);
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const key of await caches.keys()) await caches.delete(key);
      })()`);
      // Cold again, signed in: no HTTP cache, no service worker or its caches; localStorage stays.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await page.close();
      await browser.close(); // disconnects; the launched Chromium stays for Lighthouse
    }
    const cli = existsSync(lighthouseCli) ? lighthouseCli : rootLighthouseCli;
    const { stdout } = await execFileAsync(
      cli,
      [
        url,
        `--port=${chrome.port}`,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--max-wait-for-load=90000',
        ...(options.signIn ? ['--disable-storage-reset'] : []),
      ],
      { maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromePath } },
    );
    const lhr = JSON.parse(stdout) as {
      runtimeError?: { message: string };
      finalDisplayedUrl: string;
      lighthouseVersion?: string;
      environment?: { benchmarkIndex?: number; hostUserAgent?: string };
      categories: { performance: { score: number | null } };
      audits: Record<
        string,
        { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }
      >;
    };
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_LIGHTHOUSE_SAVE=<folder>: each run's whole report, to see where a page's time goes.
    const saveTo = process.env.BENCH_LIGHTHOUSE_SAVE;
    if (saveTo) {
      mkdirSync(saveTo, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(path.join(saveTo, name), stdout);
    }
    if (options.signIn && new URL(lhr.finalDisplayedUrl).pathname.startsWith('/login'))
      throw new Error('lighthouse: the dashboard run ended on the login page (session lost)');
    // A cold dashboard downloads more than the login route's 165 kB; far less means a cache served it.
    const bytes = lhr.audits['total-byte-weight']?.numericValue ?? 0;
    if (options.signIn && bytes < 100_000)
      throw new Error(
        `lighthouse: NOT_COLD, the dashboard run downloaded only ${Math.round(bytes / 1000)} kB`,
      );
    // Which element Lighthouse took as the largest contentful paint: what to make appear sooner.
    const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    console.log(`  ${new URL(url).pathname}: LCP element ${lcpNode?.snippet ?? 'not reported'}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
      bytes,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
      tools: `Chromium ${/Chrome\/(\d+)/.exec(lhr.environment?.hostUserAgent ?? '')?.[1] ?? '?'}, Lighthouse ${lhr.lighthouseVersion ?? '?'}`,
    } satisfies LighthouseRun;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse 12 with a newer Chromium sometimes records a trace without its navigation start
 * (NO_NAVSTART) and asks to be run again; such a run measured nothing, and a dashboard run served from a
 * cache (NOT_COLD) measured the wrong thing: either is run again (up to twice), said so, and never
 * counted. Any other failure stops the bench.
 */
async function lighthouseRunRetried(url: string, options: { signIn?: { email: string; password: string } }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, options);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !/NO_NAVSTART|NOT_COLD/.test(message)) throw error;
      console.log(`  ${new URL(url).pathname}: ${message}; run again, not counted`);
    }
  }
}

export async function benchLighthouse(options: { db: Db }): Promise<BenchLine[]> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const webDistDir = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  const config = testConfig({
    webDistDir,
    login: { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 1_000_000 },
  });
  const app = await buildApp({ config, db: options.db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const organizer = DEMO_ACCOUNTS.find((account) => account.email === 'organizer@example.com');
  if (!organizer) throw new Error('no demo organizer');
  // The public page takes the event's slug or its id (the demo data's events may have no slug yet). A
  // blocked or archived event answers 404 to buyers; the demo data has blocked ones dated by weekday from
  // the seeding day, so on some days one of them is the latest (then the bench measured a 404 page).
  const published = await options.db.execute<{ slug: string }>(
    sql`select coalesce(slug, id::text) as slug from events
        where status = 'PUBLISHED' and not is_blocked and not is_archived
        order by starts_at desc limit 1`,
  );
  const slug = published.rows[0]?.slug;
  if (!slug) console.log('Lighthouse /e/<slug>: skipped, no published event in the bench data');
  // BENCH_LIGHTHOUSE_PAGES=login,event,dashboard (default all) picks the Lighthouse pages.
  const wanted = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'login,event,dashboard').split(',');
  const lines: BenchLine[] = [];
  try {
    // The login route on the wire.
    const wire: { bytes: number; files: number; encoded: number }[] = [];
    for (let i = 0; i < runs; i++) wire.push(await loginWire(address));
    const kB = stats(wire.map((w) => w.bytes / 1000));
    const last = wire[wire.length - 1];
    console.log(
      `login route on the wire until the form works: ${fmt(kB, 'kB', 1)} (min/median/max of ${runs}), ${last?.files} files, ${last?.encoded} compressed   load ${load()}`,
    );
    lines.push({
      figure: `Login route first download on the wire, min/median/max of ${runs} (target 170 kB)`,
      measured: fmt(kB, 'kB', 1),
      raw: `load ${load()}`,
      ratio: `${(kB.median / 170).toFixed(2)} of target`,
    });

    const pages: {
      key: string;
      name: string;
      url: string;
      signIn?: typeof organizer;
      lcpTarget: number;
      tbtTarget?: number;
    }[] = [
      { key: 'login', name: '/login', url: `${address}/login`, lcpTarget: 2500 },
      ...(slug
        ? [
            {
              key: 'event',
              name: '/e/<slug>',
              url: `${address}/e/${encodeURIComponent(slug)}`,
              lcpTarget: 2500,
            },
          ]
        : []),
      {
        key: 'dashboard',
        name: '/dashboard signed in',
        url: `${address}/dashboard`,
        signIn: organizer,
        lcpTarget: 3500,
        tbtTarget: 600,
      },
    ];
    for (const target of pages) {
      if (!wanted.includes(target.key)) continue;
      const results: LighthouseRun[] = [];
      const loads: string[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await lighthouseRunRetried(target.url, { signIn: target.signIn }));
        loads.push(load());
      }
      const score = stats(results.map((r) => r.score));
      const lcp = stats(results.map((r) => r.lcp / 1000));
      const tbt = stats(results.map((r) => r.tbt));
      const fcp = stats(results.map((r) => r.fcp / 1000));
      const weight = stats(results.map((r) => r.bytes / 1000));
      // The simulated phone is the host's own CPU work slowed a fixed 4x, so the same page scores lower
      // on a slower host: Lighthouse's benchmark index of the host (higher is faster) says which it was.
      const host = stats(results.map((r) => r.benchmarkIndex));
      const tools = [...new Set(results.map((r) => r.tools))].join('; ');
      console.log(
        `Lighthouse mobile cold ${target.name.padEnd(22)} score ${fmt(score, '')}  LCP ${fmt(lcp, 's', 2)}  TBT ${fmt(tbt, 'ms')}  FCP ${fmt(fcp, 's', 2)}  weight ${fmt(weight, 'kB')}  host benchmark index ${fmt(host, '')} (${tools})   load after each run: ${loads.join(' | ')}`,
      );
      lines.push(
        {
          figure: `Lighthouse mobile cold ${target.name}: score, min/median/max of ${runs}${target.tbtTarget ? '' : ' (target ≥ 90)'}`,
          measured: fmt(score, ''),
          raw: `load ${loads[loads.length - 1]}; host benchmark index ${fmt(host, '')}; ${tools}`,
          ratio: target.tbtTarget ? '—' : `${(score.median / 90).toFixed(2)} of target`,
        },
        {
          figure: `Lighthouse mobile cold ${target.name}: LCP (target ${target.lcpTarget / 1000} s)`,
          measured: fmt(lcp, 's', 2),
          raw: `load ${loads[loads.length - 1]}`,
          ratio: `${((lcp.median * 1000) / target.lcpTarget).toFixed(2)} of target`,
        },
        {
          figure: `Lighthouse mobile cold ${target.name}: TBT${target.tbtTarget ? ` (target ${target.tbtTarget} ms)` : ''}`,
          measured: fmt(tbt, 'ms'),
          raw: `load ${loads[loads.length - 1]}`,
          ratio: target.tbtTarget ? `${(tbt.median / target.tbtTarget).toFixed(2)} of target` : '—',
        },
      );
    }
  } finally {
    await app.close();
  }
  return lines;
}
