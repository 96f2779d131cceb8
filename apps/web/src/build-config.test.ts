// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contractOnEventPage,
  PUBLIC_EVENT_PAGE_MODULE,
  unlayeredRules,
  unstyledOnDashboard,
  unstyledOnFirstPaint,
} from '../bundle-report';
import { isIndex, mergeSmallGroups } from '../first-screen-chunk';
import { importedParts, inMantineLayer, mantinePart, topLevelBlocks } from '../mantine-first-paint';
import { SHELL_MODULES, shellOf } from '../shell-precache';
import viteConfig, { pwaOptions } from '../vite.config';
import { wantsServiceWorker } from './lib/service-worker';

describe('the production build', () => {
  it('emits no source maps (the server serves the build as it is)', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });
});

describe('the service worker', () => {
  const workbox = pwaOptions.workbox ?? {};
  const fallsBack = (path: string) =>
    !(workbox.navigateFallbackDenylist ?? []).some((pattern) => pattern.test(path));

  it('precaches the built console and opens any console page from it', () => {
    expect(pwaOptions.strategies).toBe('generateSW');
    expect(pwaOptions.registerType).toBe('autoUpdate');
    expect(workbox.globPatterns).toEqual(expect.arrayContaining([expect.stringContaining('js,css,html')]));
    expect(workbox.navigateFallback).toBe('index.html');
    expect(fallsBack('/orders/events/1/check-in')).toBe(true);
    expect(fallsBack('/apiary')).toBe(true);
  });

  it('never answers for the API: no fallback under /api/, no cached answers', () => {
    expect(fallsBack('/api/docs')).toBe(false);
    expect(fallsBack('/api')).toBe(false);
    // The only runtime cache holds the console's fingerprinted files under /assets/.
    const caches = workbox.runtimeCaching ?? [];
    expect(caches).toHaveLength(1);
    const pattern = caches[0]?.urlPattern;
    if (typeof pattern !== 'function') throw new Error('urlPattern is a function');
    const matches = (href: string, sameOrigin = true) =>
      pattern({ url: new URL(href), sameOrigin, request: new Request(href), event: {} as never });
    expect(matches('https://m.example/assets/index-abc.js')).toBe(true);
    expect(matches('https://m.example/api/v1/user/get-user-detail')).toBe(false);
    expect(matches('https://m.example/api/assets/x')).toBe(false);
    expect(matches('https://cdn.example/assets/x.js', false)).toBe(false);
  });

  it('precaches the shell, not every chunk: the entry, the login route, the check-in screen and what they import', () => {
    expect(workbox.manifestTransforms).toHaveLength(1);
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
      type: 'chunk' as const,
      fileName,
      moduleIds,
      imports,
      isEntry,
      viteMetadata: { importedCss: new Set(isEntry ? ['assets/index.css'] : []) },
    });
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['/w/src/main.tsx'], ['assets/react.js'], true),
      'assets/react.js': chunk('assets/react.js', ['/w/node_modules/react/index.js']),
      'assets/LoginPage.js': chunk(
        'assets/LoginPage.js',
        ['/w/src/features/auth/routes/LoginPage.tsx'],
        ['assets/form.js'],
      ),
      'assets/form.js': chunk('assets/form.js', ['/w/node_modules/@mantine/form/index.js']),
      'assets/DashboardPage.js': chunk(
        'assets/DashboardPage.js',
        ['/w/src/features/dashboard/routes/DashboardPage.tsx'],
        ['assets/charts.js'],
      ),
      'assets/charts.js': chunk('assets/charts.js', ['/w/node_modules/recharts/index.js']),
    };
    expect([...shellOf(bundle)].sort()).toEqual([
      'assets/LoginPage.js',
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(SHELL_MODULES.length).toBeLessThanOrEqual(6);
  });

  it('is not installed for a buyer on an event page', () => {
    expect(wantsServiceWorker('/e/harbour-jazz')).toBe(false);
    expect(wantsServiceWorker('/e/harbour-jazz/booking/1')).toBe(false);
    expect(wantsServiceWorker('/login')).toBe(true);
    expect(wantsServiceWorker('/events')).toBe(true);
  });

  it('is not registered by an injected inline script (the CSP forbids inline scripts)', () => {
    expect(pwaOptions.injectRegister).toBe(false);
  });
});

describe("Mantine's styles, split for the first paint", () => {
  const require = createRequire(import.meta.url);
  const read = (file: string | URL) => readFileSync(file, 'utf8');
  const firstPaint = read(new URL('./styles/mantine-first.css', import.meta.url));
  const imported = [...firstPaint.matchAll(/@import ["']@mantine\/core\/styles\/([^"']+)\.css["'];/g)].map(
    (m) => m[1] ?? '',
  );

  it("keeps Mantine's own order, so the part cascades as the whole stylesheet does", () => {
    const whole = read(require.resolve('@mantine/core/styles.css'));
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const positions = imported.slice(3).map((name) => {
      const css = read(require.resolve(`@mantine/core/styles/${name}.css`));
      const firstClass = css.match(/\.m_[0-9a-f]{5,8}\b/)?.[0] ?? '';
      return whole.indexOf(firstClass);
    });
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('leaves the rest to the screens, which load the whole stylesheet again after it', () => {
    const all = read(new URL('./styles/mantine-all.css', import.meta.url));
    expect([...all.matchAll(/@import ["']([^"']+)["'];/g)].map((m) => m[1])).toEqual([
      '@mantine/core/styles.layer.css',
      '@mantine/notifications/styles.layer.css',
      '@mantine/nprogress/styles.layer.css',
    ]);
    const main = read(new URL('./main.tsx', import.meta.url));
    expect(main).not.toContain("'@mantine/core/styles.css'");
    expect(main).toContain("import './styles/mantine-first.css';");
  });

  it("puts every stylesheet of Mantine the console imports in the layer (its packages' styles.layer.css)", () => {
    const sources = readdirSync(fileURLToPath(new URL('.', import.meta.url)), { recursive: true })
      .map(String)
      .filter((file) => /\.(tsx?|css)$/.test(file));
    const unlayered = sources.filter((file) =>
      /(import\s+|@import\s+)["']@mantine\/[a-z-]+\/styles(\/[A-Za-z-]+)?\.css["']/.test(
        read(new URL(`./${file}`, import.meta.url)),
      ),
    );
    // The subsets name Mantine's parts by their unlayered files; the build cuts them and layers them.
    expect(unlayered.sort()).toEqual([
      'styles/mantine-charts.css',
      'styles/mantine-console.css',
      'styles/mantine-dates.css',
      'styles/mantine-first.css',
    ]);
  });

  it("cuts the console's home subset after the first paint's: no base, no part twice, Mantine's order", () => {
    const whole = read(require.resolve('@mantine/core/styles.css'));
    const consoleParts = importedParts(read(new URL('./styles/mantine-console.css', import.meta.url)));
    expect(consoleParts.filter((part) => imported.includes(part))).toEqual([]);
    const all = [...imported, ...consoleParts];
    const partFiles = Object.fromEntries(
      all.map((name) => [name, read(require.resolve(`@mantine/core/styles/${name}.css`))]),
    );
    const cut = mantinePart(whole, partFiles, consoleParts, imported);
    const positions = topLevelBlocks(cut).map((block) => whole.indexOf(block));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The base stays with the first paint's subset.
    expect(cut).not.toContain('--mantine-scale: 1');
    // It starts at its own first part (Popover comes before AppShell in the whole)…
    expect(topLevelBlocks(cut)[0]).toContain('m_38a85659');
    // …and from there repeats the first paint's parts that come later in the whole (Input, Button…).
    const button = partFiles.Button?.match(/\.m_[0-9a-f]{5,8}\b/)?.[0] ?? '';
    expect(button).not.toBe('');
    expect(cut).toContain(button);
    // A first paint's part before it (ScrollArea) is not repeated.
    const scrollArea = partFiles.ScrollArea?.match(/\.m_[0-9a-f]{5,8}\b/)?.[0] ?? '';
    expect(cut).not.toContain(scrollArea);
    expect(() => mantinePart(whole, partFiles, ['Button'], imported)).toThrow(/already/);
    expect(inMantineLayer('.a{}\n')).toBe('@layer mantine {\n.a{}\n}\n');
  });

  it('fails the build on a rule outside the layers: a global rule of the console, or a Mantine rule outside its layer', () => {
    expect(unlayeredRules('@layer mantine{.m_1234abcd{color:red}a{color:blue}}', 'ok.css')).toEqual([]);
    expect(
      unlayeredRules(
        '._figureValue_wnx7t_24{font-size:1rem}@media (width>=48em){._card_ab12c_3 ._x_ab12c_9,._y_ab12c_10:hover{padding:0}}@keyframes _pop_ab12c_60{to{opacity:1}}@layer mantine;',
      ),
    ).toEqual([]);
    expect(unlayeredRules('a,._ok_ab12c_1{color:red}', 'x.css')).toEqual([
      'x.css: a is global and outside any layer',
    ]);
    expect(unlayeredRules('@media print{main{background:#fff}}', 'x.css')).toEqual([
      'x.css: main is global and outside any layer',
    ]);
    // What made the dashboard's figures small: a Mantine stylesheet outside the layer.
    expect(unlayeredRules('.m_b6d8b162{font-size:var(--text-fz)}', 'x.css')).toEqual([
      'x.css: .m_b6d8b162 outside @layer mantine',
    ]);
    expect(unlayeredRules('@layer console{a{color:red}}', 'x.css')).toEqual([
      "x.css: @layer console (only Mantine's layers are expected)",
    ]);
  });

  it("takes the parts' rules from Mantine's whole stylesheet (rem times the scale), not from its per-part files (px)", () => {
    const wholeFile = require.resolve('@mantine/core/styles.css');
    const whole = read(wholeFile);
    const partFile = (name: string) => read(require.resolve(`@mantine/core/styles/${name}.css`));
    const partFiles = Object.fromEntries(imported.map((name) => [name, partFile(name)]));
    const part = mantinePart(whole, partFiles, ['baseline', 'default-css-variables', 'global', 'ThemeIcon']);
    expect(partFile('ThemeIcon')).toContain('--ti-size-md: 28px');
    expect(part).toContain('--ti-size-md: calc(1.75rem * var(--mantine-scale))');
    expect(part).not.toContain('--ti-size-md: 28px');
    // Every rule is one of the whole's, in the whole's order.
    const positions = topLevelBlocks(part).map((block) => whole.indexOf(block));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(() => mantinePart(whole, partFiles, ['ThemeIcon'])).toThrow(/base parts/);
  });

  it("fails the build when the first paint uses a Mantine class the entry's stylesheet lacks", () => {
    const chunk = (
      fileName: string,
      code: string,
      imports: string[] = [],
      modules: string[] = [],
      isEntry = false,
    ) => ({
      fileName,
      code,
      imports,
      modules,
      isEntry,
      gzip: 0,
      raw: 0,
    });
    const chunks = [
      chunk('assets/index.js', 'const a={root:"m_aaaa1111"}', [], ['/w/src/main.tsx'], true),
      chunk(
        'assets/LoginPage.js',
        'const b={root:"m_bbbb2222"}',
        ['assets/Input.js'],
        ['/w/src/features/auth/routes/LoginPage.tsx'],
      ),
      chunk('assets/Input.js', 'const c={spin:"m_cccc3333"}'),
      chunk(
        'assets/DashboardPage.js',
        'const d={root:"m_dddd4444"}',
        [],
        ['/w/src/features/dashboard/routes/DashboardPage.tsx'],
      ),
    ];
    const entryCss = '.m_aaaa1111{color:red}@keyframes m_cccc3333{to{opacity:0}}';
    expect(unstyledOnFirstPaint(chunks, entryCss)).toEqual(['m_bbbb2222 (assets/LoginPage.js)']);
    expect(unstyledOnFirstPaint(chunks, `${entryCss}.m_bbbb2222{color:blue}`)).toEqual([]);
  });

  it("fails the build when the event page loads the promo codes', waiting lists' or refunds' contract", () => {
    const chunk = (fileName: string, modules: string[], imports: string[] = [], isEntry = false) => ({
      fileName,
      modules,
      imports,
      isEntry,
      gzip: 0,
      raw: 0,
    });
    const page = chunk(
      'assets/PublicEventPage.js',
      [`/w/apps/web/${PUBLIC_EVENT_PAGE_MODULE}`],
      ['assets/booking.js'],
    );
    const booking = chunk('assets/booking.js', ['/w/packages/contract/src/booking.ts']);
    const promo = chunk(
      'assets/promo-codes.js',
      ['/w/packages/contract/src/promo-codes.ts'],
      ['assets/booking.js'],
    );
    const entry = chunk('assets/index.js', ['/w/apps/web/src/main.tsx'], [], true);
    // Loaded with import() by the page: not in its static closure.
    expect(contractOnEventPage([entry, page, booking, promo])).toEqual([]);
    const eager = { ...page, imports: ['assets/booking.js', 'assets/promo-codes.js'] };
    expect(contractOnEventPage([entry, eager, booking, promo])).toEqual([
      'packages/contract/src/promo-codes.ts',
    ]);
  });

  it("fails the build when the dashboard uses a Mantine class its part of Mantine's styles lacks", () => {
    const chunk = (
      fileName: string,
      code: string,
      more: { imports?: string[]; dynamicImports?: string[]; modules?: string[]; css?: string[] } = {},
      isEntry = false,
    ) => ({
      fileName,
      code,
      imports: more.imports ?? [],
      dynamicImports: more.dynamicImports ?? [],
      modules: more.modules ?? [],
      css: more.css ?? [],
      isEntry,
      gzip: 0,
      raw: 0,
    });
    const css: Record<string, string> = {
      'index.css': '@layer mantine{.m_aaaa1111{color:red}}',
      'kit.css': '@layer mantine{.m_bbbb2222{color:red}}',
      'all.css': '@layer mantine{.m_aaaa1111{color:red}.m_bbbb2222{color:red}.m_dddd4444{color:red}}',
    };
    const chunks = (layout: string, rows: string, rowsCss: string[]) => [
      chunk(
        'index.js',
        'x="m_aaaa1111"',
        { dynamicImports: ['Other.js'], modules: ['/w/src/main.tsx'], css: ['index.css'] },
        true,
      ),
      chunk('Other.js', 'x="m_eeee5555"', { modules: ['/w/src/features/x/routes/Other.tsx'] }),
      chunk('kit.js', layout, {
        modules: [
          '/w/src/app/guards/RequireSession.tsx',
          '/w/src/features/dashboard/routes/DashboardPage.tsx',
        ],
        css: ['kit.css'],
        dynamicImports: ['Rows.js'],
      }),
      chunk('Rows.js', rows, { css: rowsCss }),
    ];
    const check = (layout: string, rows: string, rowsCss: string[] = []) =>
      unstyledOnDashboard(chunks(layout, rows, rowsCss), (name) => css[name] ?? '');
    // The layout's classes are in its stylesheet; the rows use only those; a route of the entry is not looked at.
    expect(check('x="m_bbbb2222"', 'y="m_aaaa1111"')).toEqual([]);
    // The first paint uses a class no stylesheet of it defines.
    expect(check('x="m_dddd4444"', '')).toEqual(['m_dddd4444 (kit.js, first paint)']);
    // What shows later does, unless it brings the whole stylesheet.
    expect(check('', 'y="m_dddd4444"')).toEqual([
      'm_dddd4444 (Rows.js, loaded by the dashboard after its first paint through Rows.js)',
    ]);
    expect(check('', 'y="m_dddd4444"', ['all.css'])).toEqual([]);
    // The whole stylesheet on the first paint is a problem of its own.
    const withWhole = chunks('', '', []);
    withWhole[2]?.modules.push('/w/src/styles/mantine-all.css');
    expect(unstyledOnDashboard(withWhole, (name) => css[name] ?? '')).toEqual([
      "kit.js holds src/styles/mantine-all.css, on the dashboard's first paint",
    ]);
  });
});

describe("the console's home in a few chunks (first-screen-chunk.ts)", () => {
  it('folds a small part into the smallest part whose pages include all of its pages, and no other', () => {
    const size: Record<string, number> = { icon: 600, big: 40_000, mid: 9_000, modal: 300, home: 50_000 };
    const captured = new Map([
      ['icon', 'console-kit-event'],
      ['big', 'console-kit-booking-event'],
      ['mid', 'console-kit-booking-event-modals'],
      ['modal', 'console-kit-modals'],
      ['home', 'console-kit'],
    ]);
    mergeSmallGroups(captured, 'console-kit', (id) => size[id] ?? 0);
    // The event page loads booking-event anyway; the booking page downloads one icon more.
    expect(captured.get('icon')).toBe('console-kit-booking-event');
    // No part holds every page of `modals` but booking-event-modals: it goes there.
    expect(captured.get('modal')).toBe('console-kit-booking-event-modals');
    // Large parts and the home's own part stay where they are.
    expect(captured.get('big')).toBe('console-kit-booking-event');
    expect(captured.get('mid')).toBe('console-kit-booking-event-modals');
    expect(captured.get('home')).toBe('console-kit');
  });

  it('keeps a small part of its own when no part is made for all of its pages', () => {
    const captured = new Map([
      ['a', 'console-kit-toasts'],
      ['b', 'console-kit-event'],
    ]);
    mergeSmallGroups(captured, 'console-kit', () => 100);
    expect(captured.get('a')).toBe('console-kit-toasts');
    expect(captured.get('b')).toBe('console-kit-event');
  });

  it('follows an index only for the names it passes on, unless a module runs code when loaded', () => {
    expect(isIndex("import { lazy } from 'react';\nexport { keys } from './api/keys';")).toBe(true);
    expect(isIndex("export * from './a.js';\nexport {\n  b,\n  c,\n} from './b.js';")).toBe(true);
    // Code of its own: everything it imports is needed.
    expect(
      isIndex("import { queryKeys } from '../query-keys';\nexport const keys = queryKeys('x', {});"),
    ).toBe(false);
    expect(isIndex("export const Page = lazy(() => import('./Page'));")).toBe(false);
  });
});
