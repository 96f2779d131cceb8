import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's boundaries live in biome.json (noRestrictedImports per folder, noImportCycles). These tests
// prove each rule refuses what it should and lets through what it should, by linting probe files laid out
// like the server's tree in a scratch folder that uses a copy of the real configuration.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const biomeBin = join(repoRoot, 'node_modules/.bin/biome');
const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8')) as BiomeConfig;

interface PatternGroup {
  group: string[];
  message: string;
}
interface Override {
  includes: string[];
  linter: { rules: { style?: { noRestrictedImports?: { options: { patterns: PatternGroup[] } } } } };
}
interface BiomeConfig {
  overrides: Override[];
}

/** What a complaint is about, told apart by the rule's message. */
type Complaint = 'orm' | 'entry' | 'lib' | 'db' | 'cycle' | 'other';

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'server-boundaries-'));
  // The scratch folder is not a git checkout.
  writeFileSync(
    join(scratch, 'biome.json'),
    JSON.stringify({ ...config, $schema: undefined, vcs: undefined }),
  );
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function classify(category: string, message: string): Complaint {
  if (category === 'lint/suspicious/noImportCycles') return 'cycle';
  if (category !== 'lint/style/noRestrictedImports') return 'other';
  if (message.includes('import the ORM or the schema')) return 'orm';
  if (message.startsWith('lib/')) return 'lib';
  if (message.startsWith('db/')) return 'db';
  if (message.includes('through its entry')) return 'entry';
  return 'other';
}

/** Writes probe files (paths relative to the repository root), lints them, and removes them again. */
function lintProbes(files: Record<string, string>): { path: string; line: number; complaint: Complaint }[] {
  const paths = Object.keys(files);
  for (const path of paths) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), files[path] as string);
  }
  let output: string;
  try {
    output = execFileSync(biomeBin, ['lint', '--reporter=json', '--max-diagnostics=200', ...paths], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
  } catch (error) {
    output = String((error as { stdout?: Buffer }).stdout ?? '');
  } finally {
    for (const path of paths) rmSync(join(scratch, path));
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; message: string; location: { path: string; start: { line: number } } }[];
  };
  return report.diagnostics
    .map((d) => ({
      path: d.location.path,
      line: d.location.start.line,
      complaint: classify(d.category, d.message),
    }))
    .filter((d) => d.complaint !== 'other');
}

/**
 * Lints one probe at `path` importing each specifier on its own line; answers, per specifier, what the
 * linter refused it for (null: accepted).
 */
function verdicts(path: string, specifiers: string[]): (Complaint | null)[] {
  const source = `${specifiers.map((s, i) => `import { x${i} } from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `x${i}`).join(', ')}];\n`;
  const complaints = lintProbes({ [path]: source });
  return specifiers.map((_, i) => complaints.find((c) => c.line === i + 1)?.complaint ?? null);
}

const serverOverrides = () =>
  config.overrides.filter((o) => o.includes.some((i) => i.startsWith('apps/server/')));
const carriesOrmRule = (o: Override) =>
  (o.linter.rules.style?.noRestrictedImports?.options.patterns ?? []).some((p) =>
    p.message.includes('import the ORM or the schema'),
  );

const ORM_AND_SCHEMA = ['drizzle-orm', 'drizzle-orm/pg-core', '../../../db/schema/index.js'];

describe('server boundaries (biome.json)', { timeout: 60_000 }, () => {
  it('refuses the ORM and the schema in a command or a route', () => {
    const imports = [
      ...ORM_AND_SCHEMA,
      '../repo.js',
      '../queries/event-list.js',
      '../../../lib/unit-of-work.js',
    ];
    const expected = ['orm', 'orm', 'orm', null, null, null];
    expect(verdicts('apps/server/src/modules/events/commands/cancel-event.ts', imports)).toEqual(expected);
    expect(verdicts('apps/server/src/modules/events/routes/probe.ts', imports)).toEqual(expected);
    expect(
      verdicts('apps/server/src/modules/events/routes.ts', [
        'drizzle-orm',
        '../../db/schema/index.js',
        './repo.js',
      ]),
    ).toEqual(['orm', 'orm', null]);
    expect(verdicts('apps/server/src/plugins/probe.ts', ['drizzle-orm', '../db/schema/index.js'])).toEqual([
      'orm',
      'orm',
    ]);
  });

  it('lets repository, query and test files use the ORM and the schema', () => {
    const modules = 'apps/server/src/modules/events';
    for (const path of [
      `${modules}/repo.ts`,
      `${modules}/event-team.repo.ts`,
      `${modules}/repo/machines.ts`,
      `${modules}/queries/event-list.ts`,
      `${modules}/event-list.query.ts`,
      `${modules}/dashboard.queries.ts`,
      `${modules}/lifecycle.test.ts`,
    ]) {
      const depth = path.split('/').length - 4; // from apps/server/src/<folder>/…/file back to src/
      const up = '../'.repeat(depth);
      expect(verdicts(path, ['drizzle-orm', 'drizzle-orm/pg-core', `${up}db/schema/index.js`]), path).toEqual(
        [null, null, null],
      );
    }
    expect(verdicts('apps/server/src/db/probe.ts', ['drizzle-orm', './schema/index.js'])).toEqual([
      null,
      null,
    ]);
  });

  it("refuses a module reaching into another module's files, and lets it use the entry", () => {
    expect(
      verdicts('apps/server/src/modules/refunds/requests/approve.ts', [
        '../../booking/seat-claim.js',
        '../../order-reads/order-query.js',
        '../../events/queries/event-list.js',
        '../../booking/index.js',
        '../../order-reads/index.js',
        '../refund-engine.js',
        './request-view.js',
        '../../../adapters/payments/payments.js',
        '../../../lib/errors.js',
      ]),
    ).toEqual(['entry', 'entry', 'entry', null, null, null, null, null, null]);
    // The rule holds in the files that may use the ORM too.
    expect(
      verdicts('apps/server/src/modules/events/repo.ts', ['../booking/inventory.js', '../booking/index.js']),
    ).toEqual(['entry', null]);
    expect(
      verdicts('apps/server/src/modules/events/lifecycle.test.ts', ['../refunds/refund-engine.js']),
    ).toEqual(['entry']);
  });

  it('refuses anything outside the modules reaching past an entry', () => {
    expect(
      verdicts('apps/server/src/app.ts', [
        './modules/events/index.js',
        './modules/events/lifecycle.service.js',
      ]),
    ).toEqual([null, 'entry']);
    expect(
      verdicts('apps/server/src/plugins/probe.ts', [
        '../modules/auth/index.js',
        '../modules/auth/auth.repo.js',
      ]),
    ).toEqual([null, 'entry']);
  });

  it('keeps lib/ below the modules', () => {
    expect(
      verdicts('apps/server/src/lib/probe.ts', [
        '../modules/refunds/index.js',
        '../modules/refunds/refund-engine.js',
        './errors.js',
        'drizzle-orm',
      ]),
    ).toEqual(['lib', 'lib', null, 'orm']);
    expect(verdicts('apps/server/src/lib/export/probe.ts', ['../../modules/orders/index.js'])).toEqual([
      'lib',
    ]);
    expect(
      verdicts('apps/server/src/lib/probe.test.ts', ['../modules/auth/index.js', 'drizzle-orm']),
    ).toEqual(['lib', null]);
  });

  it('keeps db/ below the modules, except the seeds through entries', () => {
    expect(verdicts('apps/server/src/db/migrate.ts', ['../modules/media/index.js'])).toEqual(['db']);
    expect(verdicts('apps/server/src/db/schema/probe.ts', ['../../modules/events/index.js'])).toEqual(['db']);
    expect(
      verdicts('apps/server/src/db/seed-probe.ts', [
        '../modules/media/index.js',
        '../modules/media/media.service.js',
      ]),
    ).toEqual([null, 'entry']);
  });

  it('refuses an import cycle, resolving .js specifiers to .ts files', () => {
    const cycle = lintProbes({
      'apps/server/src/modules/booking/index.ts':
        "import { b } from '../events/index.js';\nexport const a = () => b;\n",
      'apps/server/src/modules/events/index.ts':
        "import { a } from '../booking/index.js';\nexport const b = () => a;\n",
    });
    expect(
      cycle
        .filter((c) => c.complaint === 'cycle')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['apps/server/src/modules/booking/index.ts', 'apps/server/src/modules/events/index.ts']);
    const longer = lintProbes({
      'apps/server/src/lib/probe-a.ts': "import { b } from './probe-b.js';\nexport const a = () => b;\n",
      'apps/server/src/lib/probe-b.ts': "import { c } from './probe-c.js';\nexport const b = () => c;\n",
      'apps/server/src/lib/probe-c.ts': "import { a } from './probe-a.js';\nexport const c = () => a;\n",
    });
    expect(longer.filter((c) => c.complaint === 'cycle')).toHaveLength(3);
    const oneWay = lintProbes({
      'apps/server/src/modules/booking/index.ts':
        "import { b } from '../events/index.js';\nexport const a = () => b;\n",
      'apps/server/src/modules/events/index.ts': 'export const b = () => 1;\n',
    });
    expect(oneWay).toEqual([]);
  });

  it('names every server module in the cross-module rule, with its entry as the one exception', () => {
    const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
    const modules = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const entryRules = serverOverrides()
      .flatMap((o) => o.linter.rules.style?.noRestrictedImports?.options.patterns ?? [])
      .filter((p) => p.message.startsWith('A module uses another module'));
    expect(entryRules.length).toBeGreaterThan(0);
    for (const rule of entryRules) {
      for (const name of modules) {
        expect(rule.group).toContain(`**/${name}/**`);
        expect(rule.group).toContain(`!**/${name}/index.js`);
      }
    }
  });

  it('keeps every copy of a rule identical (each override carries its whole set: a later one replaces)', () => {
    const byMessage = new Map<string, string>();
    for (const o of serverOverrides()) {
      for (const p of o.linter.rules.style?.noRestrictedImports?.options.patterns ?? []) {
        const group = JSON.stringify(p.group);
        expect(byMessage.get(p.message) ?? group, p.message).toBe(group);
        byMessage.set(p.message, group);
      }
    }
  });

  it("keeps the adapters' SQL in their repository files", () => {
    expect(
      verdicts('apps/server/src/adapters/payments/sandbox.ts', [
        'drizzle-orm',
        '../../db/schema/index.js',
        './sandbox-accounts.repo.js',
      ]),
    ).toEqual(['orm', 'orm', null]);
    expect(verdicts('apps/server/src/adapters/outbox/outbox.ts', ['drizzle-orm'])).toEqual(['orm']);
    expect(
      verdicts('apps/server/src/adapters/payments/sandbox-payments.repo.ts', [
        'drizzle-orm',
        '../../db/schema/index.js',
      ]),
    ).toEqual([null, null]);
  });

  it('lifts the ORM rule for no file by name: only for repository, query and test files, and db/', () => {
    // An override that sets noRestrictedImports replaces the patterns of those before it: one without the
    // ORM rule lets every file it includes use the ORM.
    const lifted = serverOverrides()
      .filter((o) => o.linter.rules.style?.noRestrictedImports && !carriesOrmRule(o))
      .flatMap((o) => o.includes);
    const shape =
      /^apps\/server\/src\/(?:(?:lib|modules)\/)?(?:\*\*\/(?:repo\.ts|\*\.repo\.ts|repo\/\*\*|queries\/\*\*|\*\.query\.ts|\*\.queries\.ts|\*\.test\.ts)|db\/\*\*(?:\/seed\*\.ts)?)$/;
    expect(lifted.length).toBeGreaterThan(0);
    expect(lifted.filter((include) => !shape.test(include))).toEqual([]);
  });
});
