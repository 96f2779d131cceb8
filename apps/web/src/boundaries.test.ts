// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The feature-boundary rule lives in biome.json (noRestrictedImports per folder). These tests prove it
// refuses what it should, by linting probe files laid out like the console's tree in a scratch folder
// that uses a copy of the real configuration.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const biomeBin = join(repoRoot, 'node_modules/.bin/biome');
const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8'));

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  // The scratch folder is not a git checkout.
  writeFileSync(
    join(scratch, 'biome.json'),
    JSON.stringify({ ...config, $schema: undefined, vcs: undefined }),
  );
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints one probe file at `path` (relative to the repository root); returns the rule's complaints. */
function lint(path: string, source: string): string[] {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    execFileSync(biomeBin, ['lint', '--max-diagnostics=50', path], { cwd: scratch, stdio: 'pipe' });
    return [];
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    const output = `${stdout ?? ''}${stderr ?? ''}`;
    return output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'));
  } finally {
    rmSync(file);
  }
}

const importing = (...specifiers: string[]) =>
  `${specifiers.map((s, i) => `import { x${i} } from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `x${i}`).join(', ')}];\n`;

describe('feature boundaries (biome.json)', { timeout: 30_000 }, () => {
  it('refuses a feature reaching into another feature', () => {
    const probe = 'apps/web/src/features/banners/routes/Probe.tsx';
    expect(lint(probe, importing('../../catalog/components/CatalogItemFields'))).toHaveLength(1);
    expect(lint(probe, importing('../../auth/session/session-profile'))).toHaveLength(1);
    expect(lint(probe, importing('../../../app/router'))).toHaveLength(1);
  });

  it("lets a feature use another feature's public entry, app/paths and shared code", () => {
    const probe = 'apps/web/src/features/banners/routes/Probe.tsx';
    expect(
      lint(
        probe,
        importing(
          '../../auth',
          '../../catalog-requests',
          '../../../app/paths',
          '../../../components/PageHeader',
          '../../../lib/http',
          '../api/banners',
        ),
      ),
    ).toEqual([]);
  });

  it('refuses shared code importing a feature or the app shell', () => {
    expect(lint('apps/web/src/components/Probe.tsx', importing('../features/auth'))).toHaveLength(1);
    expect(lint('apps/web/src/lib/probe.ts', importing('../features/tags/api/tags'))).toHaveLength(1);
    expect(lint('apps/web/src/lib/probe.ts', importing('../app/paths'))).toHaveLength(1);
  });

  it("keeps the app shell to features' public entries", () => {
    expect(lint('apps/web/src/app/layouts/Probe.tsx', importing('../../features/auth'))).toEqual([]);
    expect(lint('apps/web/src/app/router-probe.tsx', importing('../features/tags/routes'))).toEqual([]);
    expect(
      lint('apps/web/src/app/layouts/Probe.tsx', importing('../../features/auth/session/logout')),
    ).toHaveLength(1);
  });

  it('names every feature folder in the cross-feature rule', () => {
    const featuresDir = fileURLToPath(new URL('./features', import.meta.url));
    const features = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const featureRule = JSON.stringify(
      config.overrides.find((o: { includes: string[] }) => o.includes.includes('apps/web/src/features/**')),
    );
    for (const feature of features) expect(featureRule).toContain(`"**/${feature}/**"`);
  });
});
