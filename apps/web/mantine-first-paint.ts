import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The subsets of Mantine's styles the console loads instead of the whole stylesheet (docs/performance.md,
 * "Console on the wire and cold mobile" and "The bench, fourth round"): src/styles/mantine-first.css for
 * the first paint of every page, src/styles/mantine-console.css for the admin layout and the dashboard.
 * Each names its parts as `@import "@mantine/core/styles/<Part>.css";` lines. Those per-part files of
 * @mantine/core 9 are not what its whole stylesheet holds, though: they keep sizes in px
 * (`--ti-size-md: 28px`) where the whole has them in rem times the theme's scale
 * (`calc(1.75rem * var(--mantine-scale))`), which differs for a reader whose browser text size is not
 * 16 px. So the build puts in their place the same parts cut out of the whole stylesheet
 * (`@mantine/core/styles.css`), in its order: the subsets and the screens that load the whole stylesheet
 * after them (src/styles/mantine-all.css) then hold the very same rules.
 *
 * Whatever a subset holds goes into the cascade layer `mantine`, as the whole stylesheet does
 * (`styles.layer.css`): the console's own CSS modules, unlayered, then win over any Mantine rule whatever
 * the order the stylesheets arrive in. Without the layer a module's single class tied with Mantine's and
 * the stylesheet inserted last won: the dashboard's figures once lost their size to a Mantine stylesheet
 * loaded after the screen's.
 */
const SUBSETS: Record<string, { layer: string; after?: string }> = {
  'mantine-first.css': { layer: 'mantine' },
  // Loaded after the first paint's subset (the entry's stylesheet, always there first): the parts that
  // one already holds are repeated only from the subset's first part of its own onwards (see
  // `mantinePart`), so the base (Mantine's variables, ~4 kB gzip) is not downloaded twice.
  'mantine-console.css': { layer: 'mantine', after: 'mantine-first.css' },
  // The date pickers' and the charts' styles, which come with the screens that use them, at any moment
  // before or after Mantine's whole stylesheet: in a layer after Mantine's core, as the packages'
  // stylesheets come after the core's in Mantine's own order, whatever order they arrive in.
  'mantine-dates.css': { layer: 'mantine-extensions' },
  'mantine-charts.css': { layer: 'mantine-extensions' },
};
const SUBSET_FILE = /\/src\/styles\/([a-z-]+\.css)$/;
const PART_IMPORT = /@import\s+["']@mantine\/core\/styles\/([A-Za-z-]+)\.css["'];\s*/g;
/** Another Mantine package's stylesheet (`@mantine/nprogress/styles.css`), put in whole after the parts. */
const PACKAGE_IMPORT = /@import\s+["'](@mantine\/[a-z-]+\/styles\.css)["'];\s*/g;
const MANTINE_NAME = /\bm_[0-9a-f]{5,8}\b/g;
/** The parts with no class of their own: the base, before every component's rules in the whole. */
const BASE_PARTS = ['baseline', 'default-css-variables', 'global'];
/** The cascade layer of Mantine's core rules (and the toasts' and the loading bar's) in the console. */
export const MANTINE_LAYER = 'mantine';
/** The cascade layers of Mantine's styles, in their order: declared first thing by the entry's stylesheet. */
export const MANTINE_LAYERS = [MANTINE_LAYER, 'mantine-extensions'];

/** A stylesheet's top-level rules and at-rules, in order (Mantine's stylesheets have no braces in strings). */
export function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return blocks;
}

/** The names of the parts a subset's file imports, in its order. */
export function importedParts(css: string): string[] {
  return [...css.matchAll(PART_IMPORT)].map((match) => match[1] ?? '');
}

/**
 * Of Mantine's whole stylesheet, the base (everything before the first component's rule) and the rules
 * of `parts` (named as its per-part files, whose class and animation names say which rule is whose), in
 * the whole's order. Throws when a part is unknown or has no rule in the whole.
 *
 * `loaded`: the parts of a subset always loaded before this one (the first paint's). Then the base is
 * not repeated, and neither are the loaded parts' rules that come before the first rule of a part of
 * `parts` in the whole: those are earlier in the page already, in the same order. From that rule on,
 * the rules of both go in, in the whole's order, so that the cascade of the two stylesheets together
 * is that of the whole stylesheet for all their parts (Mantine styles some elements with two parts'
 * selectors of equal weight: Input and PasswordInput, UnstyledButton and Button…).
 */
export function mantinePart(
  whole: string,
  partFiles: Record<string, string>,
  parts: string[],
  loaded: string[] = [],
): string {
  const owner = new Map<string, string>();
  for (const [part, css] of Object.entries(partFiles))
    for (const [name] of css.matchAll(MANTINE_NAME)) owner.set(name, part);
  const own = new Set(parts.filter((part) => !BASE_PARTS.includes(part)));
  const again = parts.filter((part) => loaded.includes(part));
  if (again.length > 0) throw new Error(`already in the stylesheet loaded before: ${again.join(', ')}`);
  const withBase = loaded.length === 0 ? parts : loaded;
  const missingBase = BASE_PARTS.filter((part) => !withBase.includes(part));
  if (missingBase.length > 0) throw new Error(`Mantine's base parts are needed: ${missingBase.join(', ')}`);
  const wanted = new Set([...own, ...loaded.filter((part) => !BASE_PARTS.includes(part))]);
  const found = new Set<string>();
  const kept: string[] = [];
  let inBase = true;
  // With `loaded`, nothing is kept until the first rule of a part of our own.
  let started = loaded.length === 0;
  for (const block of topLevelBlocks(whole)) {
    const owners = new Set([...block.matchAll(MANTINE_NAME)].map(([name]) => owner.get(name) ?? '?'));
    if (owners.size > 0) inBase = false;
    if (inBase) {
      if (loaded.length === 0) kept.push(block);
      continue;
    }
    const [part] = [...owners];
    if (owners.size !== 1 || !part || !wanted.has(part)) continue;
    if (own.has(part)) {
      started = true;
      found.add(part);
    }
    if (started) kept.push(block);
  }
  const missing = [...own].filter((part) => !found.has(part));
  if (missing.length > 0)
    throw new Error(`no rule of Mantine's stylesheet belongs to: ${missing.join(', ')}`);
  return `${kept.join('\n')}\n`;
}

/** `css` in Mantine's cascade layer (or `layer`). */
export function inMantineLayer(css: string, layer = MANTINE_LAYER): string {
  return `@layer ${layer} {\n${css}}\n`;
}

/**
 * The Vite plugin: each subset file's imports, cut out of Mantine's whole stylesheet (the core's parts)
 * or taken whole (another package's stylesheet, after the parts, in the file's order), in its layer.
 */
export function mantineFirstPaintPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'marquee-mantine-first-paint',
    enforce: 'pre',
    transform(code, id) {
      const file = SUBSET_FILE.exec(id.split('?')[0] ?? '')?.[1];
      const subset = file ? SUBSETS[file] : undefined;
      if (!file || !subset) return;
      const parts = importedParts(code);
      const packages = [...code.matchAll(PACKAGE_IMPORT)].map((match) => match[1] ?? '');
      let loaded: string[] = [];
      if (subset.after) {
        const afterFile = path.join(path.dirname(id.split('?')[0] ?? ''), subset.after);
        this.addWatchFile(afterFile);
        loaded = importedParts(readFileSync(afterFile, 'utf8'));
      }
      const wholeFile = require.resolve('@mantine/core/styles.css');
      const partsDir = path.join(path.dirname(wholeFile), 'styles');
      // Every part's names, so that a rule is known as its own part's and never taken for another's.
      const partFiles = Object.fromEntries(
        readdirSync(partsDir)
          .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
          .map((name) => [name.slice(0, -4), readFileSync(path.join(partsDir, name), 'utf8')] as const),
      );
      const unknown = [...parts, ...loaded].filter((part) => !(part in partFiles));
      if (unknown.length > 0) this.error(`not a part of Mantine's styles: ${unknown.join(', ')}`);
      let cut = '';
      try {
        if (parts.length > 0) cut = mantinePart(readFileSync(wholeFile, 'utf8'), partFiles, parts, loaded);
      } catch (error) {
        this.error(`${file}: ${(error as Error).message}`);
      }
      const whole = packages.map((name) => readFileSync(require.resolve(name), 'utf8')).join('\n');
      const rest = code.replace(PART_IMPORT, '').replace(PACKAGE_IMPORT, '');
      // The first stylesheet of every page says the layers' order once, before any of them is used.
      const order = file === 'mantine-first.css' ? `@layer ${MANTINE_LAYERS.join(', ')};\n` : '';
      return { code: `${order}${rest}${inMantineLayer(`${cut}${whole}`, subset.layer)}`, map: null };
    },
  };
}
