import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { MANTINE_LAYER, MANTINE_LAYERS, topLevelBlocks } from './mantine-first-paint';

/**
 * The console's bundle budgets (docs/performance.md, "Console"): what the login route downloads before
 * it can paint (the entry chunk, the chunks of the login route's lazy layout and screen, and every chunk
 * they import statically) and the largest single chunk, both gzip. The report is printed at the end of
 * `vite build`; a budget exceeded fails the build.
 */
export interface BundleBudgets {
  /** kB gzip of the JavaScript the login route loads first. */
  loginInitialKb: number;
  /** kB gzip of any one chunk. */
  chunkKb: number;
  /** Source modules (relative to the web app) whose chunks the login route loads through its lazy routes. */
  loginModules: string[];
}

/** The issue's targets: the login route's first download and any one chunk, kB gzip. */
export const LOGIN_TARGET_KB = 170;
export const CHUNK_TARGET_KB = 100;

/**
 * Both targets are met; the build enforces what it reaches today, just over the measured figures
 * (docs/performance.md, "Console": login route 161.0 kB with the form kit in one chunk,
 * largest chunk 78.1 kB, the dashboards' charts), so neither can grow unnoticed. Lower them as the
 * bundle shrinks.
 */
export const BUNDLE_BUDGETS: BundleBudgets = {
  loginInitialKb: 162,
  chunkKb: 80,
  loginModules: ['src/app/layouts/AccountLayout.tsx', 'src/features/auth/routes/LoginPage.tsx'],
};

interface ChunkFacts {
  fileName: string;
  gzip: number;
  raw: number;
  imports: string[];
  /** The chunks it loads with `import()`. */
  dynamicImports?: string[];
  isEntry: boolean;
  modules: string[];
  /** The stylesheets loaded with the chunk (its CSS modules' and packages' styles). */
  css?: string[];
}

export interface BundleReport {
  chunks: ChunkFacts[];
  loginChunks: string[];
  loginInitial: number;
  problems: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * `files` and every chunk they import, directly or through others (`importsOf` names a chunk's imports),
 * depth first in import order: a screen's own chunk, then what it imports, as the preload lists name them.
 */
export function importClosure(
  files: Iterable<string>,
  importsOf: (file: string) => readonly string[] | undefined,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...files].reverse();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...[...(importsOf(file) ?? [])].reverse());
  }
  return seen;
}

/** The chunks that hold one of `modules` (source paths, as `src/app/…`). */
export function chunksHolding<C extends { modules: readonly string[] }>(
  chunks: C[],
  modules: readonly string[],
): C[] {
  return chunks.filter((chunk) => modules.some((module) => chunk.modules.some((id) => id.endsWith(module))));
}

/** The report for a set of chunks (pure, so it can be tested without a build). */
export function bundleReport(chunks: ChunkFacts[], budgets: BundleBudgets): BundleReport {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seeds = [...chunks.filter((chunk) => chunk.isEntry), ...chunksHolding(chunks, budgets.loginModules)];
  const loginChunks = new Set(
    [
      ...importClosure(
        seeds.map((seed) => seed.fileName),
        (name) => byName.get(name)?.imports,
      ),
    ].filter((name) => byName.has(name)),
  );
  const loginInitial = [...loginChunks].reduce((sum, name) => sum + (byName.get(name)?.gzip ?? 0), 0);

  const problems: string[] = [];
  const missing = budgets.loginModules.filter(
    (module) => !chunks.some((chunk) => chunk.modules.some((id) => id.endsWith(module))),
  );
  if (missing.length > 0) problems.push(`login route modules not found in any chunk: ${missing.join(', ')}`);
  if (loginInitial > budgets.loginInitialKb * 1024)
    problems.push(`login route initial JS ${kb(loginInitial)} kB gzip > ${budgets.loginInitialKb} kB`);
  for (const chunk of chunks)
    if (chunk.gzip > budgets.chunkKb * 1024)
      problems.push(`${chunk.fileName} ${kb(chunk.gzip)} kB gzip > ${budgets.chunkKb} kB`);
  return { chunks, loginChunks: [...loginChunks], loginInitial, problems };
}

export function formatReport(report: BundleReport, budgets: BundleBudgets): string {
  const login = new Set(report.loginChunks);
  const rows = [...report.chunks]
    .sort((a, b) => b.gzip - a.gzip)
    .map(
      (chunk) =>
        `  ${login.has(chunk.fileName) ? '*' : ' '} ${chunk.fileName.padEnd(52)} ${kb(chunk.raw).padStart(8)} kB ${kb(chunk.gzip).padStart(8)} kB gzip`,
    );
  const total = report.chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  return [
    '',
    `Bundle report (${report.chunks.length} JS chunks, ${kb(total)} kB gzip in all; * = loaded by the login route)`,
    ...rows,
    `  login route initial JS: ${kb(report.loginInitial)} kB gzip (budget ${budgets.loginInitialKb} kB), ` +
      `target ${LOGIN_TARGET_KB} kB, largest chunk: ${kb(Math.max(0, ...report.chunks.map((c) => c.gzip)))} kB gzip (budget ${budgets.chunkKb} kB, target ${CHUNK_TARGET_KB} kB)`,
    report.problems.length === 0
      ? '  within budget'
      : `  OVER BUDGET:\n${report.problems.map((p) => `    - ${p}`).join('\n')}`,
    '',
  ].join('\n');
}

/**
 * The login route's lazy chunks (its layout, its screen and what they import) that the entry does not
 * already pull in: the server names them in a `Link: rel=modulepreload` header on `/login`
 * (apps/server/src/plugins/static-web.ts), so the browser fetches them with the entry instead of after it
 * has run — the login screen then paints with its layout, not a round trip later.
 */
export function loginPreloads(report: BundleReport): string[] {
  const byName = new Map(report.chunks.map((chunk) => [chunk.fileName, chunk]));
  const withEntry = importClosure(
    report.chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    (name) => byName.get(name)?.imports,
  );
  return report.loginChunks.filter((name) => !withEntry.has(name)).map((name) => `/${name}`);
}

/** The source module of an event's public page (/e/<slug>), whose chunks the server preloads there. */
export const PUBLIC_EVENT_PAGE_MODULE = 'src/features/public-event/routes/PublicEventPage.tsx';

/**
 * The lazy chunks of the screen made of `modules` (and what they import statically) that the entry does
 * not already pull in, as `loginPreloads` for the sign-in screen: for an event's public page, whose HTML
 * the server renders, so the page's code is fetched together with the entry.
 */
export function routePreloads(
  report: BundleReport,
  modules: string[],
  options: { withCss?: boolean } = {},
): string[] {
  const byName = new Map(report.chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (seeds: ChunkFacts[]) =>
    importClosure(
      seeds.map((seed) => seed.fileName),
      (name) => byName.get(name)?.imports,
    );
  const withEntry = closure(report.chunks.filter((chunk) => chunk.isEntry));
  const screen = closure(chunksHolding(report.chunks, modules));
  const files = [...screen].filter((name) => !withEntry.has(name));
  // A lazy chunk's stylesheet is asked for only when the chunk is imported, and the import waits for it.
  const css = options.withCss ? [...new Set(files.flatMap((name) => byName.get(name)?.css ?? []))] : [];
  return [...files, ...css].map((name) => `/${name}`);
}

/**
 * The modules of the signed-in dashboard (/dashboard, the console's home): the session guard with the
 * admin layout, the route's small entry and the screen. The console's page is the same for every visitor,
 * so a signed-out one fetches these too, at low priority, before being sent to sign in (where they are
 * the next screen anyway); a signed-in one gets the screen with the entry instead of two and three round
 * trips after it (docs/performance.md, "The dashboard's first paint").
 */
export const DASHBOARD_MODULES = [
  'src/app/guards/RequireSession.tsx',
  'src/features/dashboard/routes/dashboard-entry.ts',
  'src/features/dashboard/routes/DashboardPage.tsx',
];

/**
 * What a first download can paint before any other screen's code has loaded: the sign-in page (its
 * layout and screen), an event's public page (rendered by the server into index.html), and the toasts and
 * the modals host, which the entry mounts right after its first render and when first wanted.
 */
export const FIRST_PAINT_MODULES = [
  ...BUNDLE_BUDGETS.loginModules,
  PUBLIC_EVENT_PAGE_MODULE,
  'src/app/ToastViewport.tsx',
  'src/app/ModalsHost.tsx',
];

/**
 * Contract modules an event's public page calls only on a click (a promo code, a waiting list: their
 * routes come with `import()`, features/public-event/api/*-contract.ts) or never (refunds, orders), so a
 * buyer's first download neither fetches nor builds their schemas (docs/performance.md, "The bench, eighth round").
 */
export const NOT_ON_EVENT_PAGE = [
  'packages/contract/src/promo-codes.ts',
  'packages/contract/src/waiting-list.ts',
  'packages/contract/src/refunds.ts',
  'packages/contract/src/orders.ts',
];

/** Which of `NOT_ON_EVENT_PAGE` the event page's chunks (and all they import statically) hold. Pure. */
export function contractOnEventPage(chunks: ChunkFacts[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const names = importClosure(
    chunksHolding(chunks, [PUBLIC_EVENT_PAGE_MODULE]).map((chunk) => chunk.fileName),
    (name) => byName.get(name)?.imports,
  );
  const held = [...names].flatMap((name) => byName.get(name)?.modules ?? []);
  return NOT_ON_EVENT_PAGE.filter((module) => held.some((id) => id.endsWith(module)));
}

/** A Mantine class or animation name (`m_` and its hash), as its components' code names them and its CSS defines them. */
const MANTINE_CLASS = /\bm_[0-9a-f]{5,8}\b/g;
const MANTINE_CLASS_RULE = /(?:\.|@keyframes\s+)(m_[0-9a-f]{5,8})\b/g;

/**
 * The Mantine classes that the chunks of the first paint (the entry, `modules`' chunks and all they import
 * statically) use but the entry's stylesheet does not define: the entry carries only part of Mantine's
 * styles (src/styles/mantine-first.css; the rest comes with the screens that use it), so a component the
 * sign-in page, the public event page, the toasts or the modals host start using must be added there, or
 * the page paints unstyled until its screen's code loads the rest. Pure, so it can be tested without a build.
 */
export function unstyledOnFirstPaint(
  chunks: (ChunkFacts & { code: string })[],
  entryCss: string,
  modules: string[] = FIRST_PAINT_MODULES,
): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const names = importClosure(
    [...chunks.filter((chunk) => chunk.isEntry), ...chunksHolding(chunks, modules)].map((c) => c.fileName),
    (name) => byName.get(name)?.imports,
  );
  const defined = new Set([...entryCss.matchAll(MANTINE_CLASS_RULE)].map((match) => match[1]));
  const missing = new Set<string>();
  for (const name of names)
    for (const [used] of byName.get(name)?.code.matchAll(MANTINE_CLASS) ?? [])
      if (!defined.has(used)) missing.add(`${used} (${name})`);
  return [...missing].sort();
}

/** The whole of Mantine's styles (src/styles/mantine-all.css), which the dashboard's first paint must not load. */
export const WHOLE_MANTINE_STYLES = 'src/styles/mantine-all.css';

/**
 * What the console's home (the signed-in dashboard) would show unstyled or load too much of
 * (docs/performance.md, "The bench, fourth round"). Its first paint (the entry, `modules`' chunks and all
 * they import statically) loads only part of Mantine's styles: the first paint's (the entry's stylesheet)
 * and the admin layout's (src/styles/mantine-console.css, in a stylesheet of the layout's chunk). So:
 * - a Mantine class those chunks use that none of their stylesheets defines is a problem (add its
 *   component to mantine-console.css);
 * - so is one used by a chunk they load later with `import()` (the upcoming events' rows, the admin's
 *   dashboard, the charts…), unless that chunk's own stylesheets define it (it may import
 *   mantine-all.css); the chunks those load later in turn too. The entry's own `import()`s are the
 *   routes and the hosts of the first paint, which load their styles themselves (lib/routing.ts);
 * - and so is a chunk of the first paint holding mantine-all.css: the whole stylesheet would be back on
 *   the home's critical path.
 * `cssText` gives a stylesheet's text by its file name. Pure, so it can be tested without a build.
 */
export function unstyledOnDashboard(
  chunks: (ChunkFacts & { code: string })[],
  cssText: (file: string) => string,
  modules: string[] = DASHBOARD_MODULES,
): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[]) => importClosure(files, (name) => byName.get(name)?.imports);
  const classesOf = (files: Iterable<string>) =>
    new Set(
      [...files]
        .flatMap((name) => [...(byName.get(name)?.css ?? [])])
        .flatMap((css) => [...cssText(css).matchAll(MANTINE_CLASS_RULE)].map((match) => match[1])),
    );
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const first = closure([...entry, ...chunksHolding(chunks, modules).map((chunk) => chunk.fileName)]);
  const problems = new Set<string>();
  for (const name of first)
    if (byName.get(name)?.modules.some((id) => id.endsWith(WHOLE_MANTINE_STYLES)))
      problems.add(`${name} holds ${WHOLE_MANTINE_STYLES}, on the dashboard's first paint`);
  const unstyled = (names: Iterable<string>, defined: Set<string | undefined>, when: string) => {
    for (const name of names)
      for (const [used] of byName.get(name)?.code.matchAll(MANTINE_CLASS) ?? [])
        if (!defined.has(used)) problems.add(`${used} (${name}, ${when})`);
  };
  const firstDefined = classesOf(first);
  unstyled(first, firstDefined, 'first paint');
  // What the home loads later, each with what is loaded by then.
  const pending: [string, Set<string>, Set<string | undefined>][] = [...first]
    .filter((name) => !entry.has(name))
    .flatMap((name) => byName.get(name)?.dynamicImports ?? [])
    .map((name) => [name, first, firstDefined]);
  const seen = new Set<string>(first);
  while (pending.length > 0) {
    const [name, before, defined] = pending.shift() as (typeof pending)[number];
    if (seen.has(name)) continue;
    seen.add(name);
    const loaded = closure([name]);
    const added = [...loaded].filter((file) => !before.has(file));
    const now = new Set([...defined, ...classesOf(added)]);
    unstyled(added, now, `loaded by the dashboard after its first paint through ${name}`);
    const all = new Set([...before, ...loaded]);
    for (const file of added)
      for (const next of byName.get(file)?.dynamicImports ?? []) pending.push([next, all, now]);
  }
  return [...problems].sort();
}

/** A class of the console's CSS modules as the build names it (`._figureValue_wnx7t_24`). */
const MODULE_CLASS = /\._[A-Za-z][\w-]*_\d+(?![\w-])/;

/**
 * The rules of a built stylesheet that are outside any cascade layer without being scoped by a class of
 * the console's CSS modules, and the Mantine rules outside the layer `mantine`. Mantine's styles are
 * layered (src/styles/mantine-*.css, mantine-first-paint.ts), so that the console's own CSS modules win
 * over them whatever the order the stylesheets arrive in; Mantine's rules outside it would tie with a
 * module's class again and win when inserted later (the dashboard's figures once lost their size so), and
 * a global rule of the console outside any layer (`a { … }`, `table { … }`) would beat every Mantine
 * component's class. Pure, so it can be tested without a build.
 */
export function unlayeredRules(css: string, file = ''): string[] {
  const problems: string[] = [];
  const visit = (text: string) => {
    for (const block of topLevelBlocks(text)) {
      const head = block.slice(0, block.indexOf('{')).trim();
      const body = block.slice(block.indexOf('{') + 1, -1);
      if (head.startsWith('@layer')) {
        if (!MANTINE_LAYERS.some((layer) => head === `@layer ${layer}`))
          problems.push(`${file}: ${head} (only Mantine's layers are expected)`);
      } else if (/^@(media|supports|container)\b/.test(head)) visit(body);
      else if (head.startsWith('@keyframes')) {
        if (/\bm_[0-9a-f]{5,8}\b/.test(head))
          problems.push(`${file}: ${head} outside @layer ${MANTINE_LAYER}`);
      } else if (head.startsWith('@')) problems.push(`${file}: ${head} outside any layer`);
      else if (/\.m_[0-9a-f]{5,8}\b/.test(head))
        problems.push(`${file}: ${head.slice(0, 80)} outside @layer ${MANTINE_LAYER}`);
      else
        for (const selector of head.split(','))
          if (!MODULE_CLASS.test(selector))
            problems.push(`${file}: ${selector.trim().slice(0, 80)} is global and outside any layer`);
    }
  };
  // Layer order statements (`@layer mantine;`) have no block.
  visit(css.replace(/@layer\s+[\w\s,.-]+;/g, ''));
  return problems;
}

/** Written beside index.html by the build: the chunks to preload per route (see `loginPreloads`). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The Vite plugin: prints the report after the bundle is written and fails the build over budget. */
export function bundleReportPlugin(budgets: BundleBudgets = BUNDLE_BUDGETS): Plugin {
  return {
    name: 'marquee-bundle-report',
    apply: 'build',
    // The console's own build only (the service worker's build has other plugins' chunks).
    writeBundle(options, bundle) {
      const chunks: ChunkFacts[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          raw: Buffer.byteLength(output.code),
          gzip: gzipSync(output.code, { level: 9 }).length,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          isEntry: output.isEntry,
          modules: output.moduleIds.map((id) => id.replaceAll('\\', '/')),
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      // BUNDLE_REPORT_MODULES=1: each large chunk's biggest packages too, to see what to split.
      if (process.env.BUNDLE_REPORT_MODULES) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || output.code.length < 40_000) continue;
          const byPackage = new Map<string, number>();
          for (const [id, module] of Object.entries(output.modules)) {
            const at = id.lastIndexOf('node_modules/');
            const key =
              at < 0
                ? 'src'
                : id
                    .slice(at + 13)
                    .split('/')
                    .slice(0, id.slice(at + 13).startsWith('@') ? 2 : 1)
                    .join('/');
            byPackage.set(key, (byPackage.get(key) ?? 0) + module.renderedLength);
          }
          const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8);
          console.log(`${output.fileName}: ${top.map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`);
        }
      }
      const report = bundleReport(chunks, budgets);
      const entryCss = Object.values(bundle)
        .filter((output) => output.type === 'chunk' && output.isEntry)
        .flatMap((output) => (output.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : []))
        .map((name) => bundle[name])
        .map((asset) => (asset?.type === 'asset' ? String(asset.source) : ''))
        .join('\n');
      const code = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output.code]] : [],
        ),
      );
      const unstyled = unstyledOnFirstPaint(
        chunks.map((chunk) => ({ ...chunk, code: code.get(chunk.fileName) ?? '' })),
        entryCss,
      );
      if (unstyled.length > 0)
        report.problems.push(
          `Mantine classes of the first paint without styles in the entry's stylesheet (add their components to src/styles/mantine-first.css): ${unstyled.join(', ')}`,
        );
      const eventPageContract = contractOnEventPage(chunks);
      if (eventPageContract.length > 0)
        report.problems.push(
          `the event page loads contract modules it calls only on a click or never (load their routes with import()): ${eventPageContract.join(', ')}`,
        );
      const cssText = (name: string) => {
        const asset = bundle[name];
        return asset?.type === 'asset' ? String(asset.source) : '';
      };
      const home = unstyledOnDashboard(
        chunks.map((chunk) => ({ ...chunk, code: code.get(chunk.fileName) ?? '' })),
        cssText,
      );
      if (home.length > 0)
        report.problems.push(
          `the dashboard's Mantine styles (add the components to src/styles/mantine-console.css, or load src/styles/mantine-all.css with the chunk): ${home.join(', ')}`,
        );
      const unlayered = Object.values(bundle)
        .filter((output) => output.type === 'asset' && output.fileName.endsWith('.css'))
        .flatMap((asset) => unlayeredRules(cssText(asset.fileName), asset.fileName));
      if (unlayered.length > 0)
        report.problems.push(`stylesheets with rules outside the expected layers: ${unlayered.join('; ')}`);
      console.log(formatReport(report, budgets));
      if (options.dir)
        writeFileSync(
          path.join(options.dir, ROUTE_PRELOADS_FILE),
          `${JSON.stringify(
            {
              '/login': loginPreloads(report),
              '/e/:event': routePreloads(report, [PUBLIC_EVENT_PAGE_MODULE]),
              '/dashboard': routePreloads(report, DASHBOARD_MODULES, { withCss: true }),
            },
            null,
            2,
          )}\n`,
        );
      if (report.problems.length > 0) this.error(`bundle over budget: ${report.problems.join('; ')}`);
    },
  };
}
