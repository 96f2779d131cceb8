import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * src/styles/mantine-first.css names the parts of Mantine's styles the first paint needs, as
 * `@import "@mantine/core/styles/<Part>.css";` lines. Those per-part files of @mantine/core 9 are not
 * what its whole stylesheet holds, though: they keep sizes in px (`--ti-size-md: 28px`) where the whole
 * has them in rem times the theme's scale (`calc(1.75rem * var(--mantine-scale))`), which differs for a
 * reader whose browser text size is not 16 px. So the build puts in their place the same parts cut out
 * of the whole stylesheet (`@mantine/core/styles.css`), in its order: the first paint and the screens
 * that load the whole stylesheet after it (src/styles/mantine-all.css) then hold the very same rules.
 */
const FIRST_PAINT_CSS = /\/src\/styles\/mantine-first\.css$/;
const PART_IMPORT = /@import\s+["']@mantine\/core\/styles\/([A-Za-z-]+)\.css["'];\s*/g;
const MANTINE_NAME = /\bm_[0-9a-f]{5,8}\b/g;
/** The parts with no class of their own: the base, before every component's rules in the whole. */
const BASE_PARTS = ['baseline', 'default-css-variables', 'global'];

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

/**
 * Of Mantine's whole stylesheet, the base (everything before the first component's rule) and the rules
 * of `parts` (named as its per-part files, whose class and animation names say which rule is whose), in
 * the whole's order. Throws when a part is unknown or has no rule in the whole.
 */
export function mantinePart(whole: string, partFiles: Record<string, string>, parts: string[]): string {
  const owner = new Map<string, string>();
  for (const [part, css] of Object.entries(partFiles))
    for (const [name] of css.matchAll(MANTINE_NAME)) owner.set(name, part);
  const wanted = new Set(parts.filter((part) => !BASE_PARTS.includes(part)));
  const missingBase = BASE_PARTS.filter((part) => !parts.includes(part));
  if (missingBase.length > 0) throw new Error(`Mantine's base parts are needed: ${missingBase.join(', ')}`);
  const found = new Set<string>();
  const kept: string[] = [];
  let inBase = true;
  for (const block of topLevelBlocks(whole)) {
    const owners = new Set([...block.matchAll(MANTINE_NAME)].map(([name]) => owner.get(name) ?? '?'));
    if (owners.size > 0) inBase = false;
    if (inBase) {
      kept.push(block);
      continue;
    }
    const [part] = [...owners];
    if (owners.size === 1 && part && wanted.has(part)) {
      kept.push(block);
      found.add(part);
    }
  }
  const missing = [...wanted].filter((part) => !found.has(part));
  if (missing.length > 0)
    throw new Error(`no rule of Mantine's stylesheet belongs to: ${missing.join(', ')}`);
  return `${kept.join('\n')}\n`;
}

/** The Vite plugin: src/styles/mantine-first.css's imports, cut out of Mantine's whole stylesheet. */
export function mantineFirstPaintPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'marquee-mantine-first-paint',
    enforce: 'pre',
    transform(code, id) {
      if (!FIRST_PAINT_CSS.test(id.split('?')[0] ?? '')) return;
      const parts = [...code.matchAll(PART_IMPORT)].map((match) => match[1] ?? '');
      const wholeFile = require.resolve('@mantine/core/styles.css');
      const partsDir = path.join(path.dirname(wholeFile), 'styles');
      // Every part's names, so that a rule is known as its own part's and never taken for another's.
      const partFiles = Object.fromEntries(
        readdirSync(partsDir)
          .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
          .map((file) => [file.slice(0, -4), readFileSync(path.join(partsDir, file), 'utf8')] as const),
      );
      const unknown = parts.filter((part) => !(part in partFiles));
      if (unknown.length > 0) this.error(`not a part of Mantine's styles: ${unknown.join(', ')}`);
      const part = mantinePart(readFileSync(wholeFile, 'utf8'), partFiles, parts);
      return { code: `${code.replace(PART_IMPORT, '')}${part}`, map: null };
    },
  };
}
