import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * One chunk for the packages' code the console's home (the signed-in dashboard) needs before it paints,
 * instead of the ~40 small chunks the automatic splitting makes of it (docs/performance.md, "The
 * dashboard's first paint"). On a phone each file is a request of its own (HTTP/1.1: six at a time, a
 * round trip each): the admin layout's and the screen's Mantine components, floating-ui, the icons and
 * TanStack Query's hooks came as dozens of files of 0.2–6 kB.
 *
 * The chunk holds the modules of packages (`only`) that the `seeds` reach through static imports, except
 * those the sign-in page or an event's public page (`leaveOut`) reach: those pages must not download
 * it, and what they share with the console stays in the small chunks they load today. The console's own
 * modules and the contract's schemas stay in the automatic chunks: they import each other across
 * screens, and a group holding some of them made chunks that import each other (checked below).
 *
 * A package's index re-exports hundreds of modules (Mantine, the icons, TanStack Query): through one,
 * only the modules that provide the names imported from it are followed, as the bundler's tree shaking
 * does; otherwise every module would reach every other. Built from the module graph once it is complete
 * (`buildEnd`); the group's `test` runs after that, when the chunks are made. A module the walk reaches
 * but the bundle leaves out (unused) costs nothing: a group only places what is in the bundle.
 */
export function firstScreenChunk(options: {
  name: string;
  root: string;
  seeds: string[];
  leaveOut: string[];
  /** The modules it may hold at all. */
  only: RegExp;
}) {
  const captured = new Set<string>();
  const absolute = (file: string) => path.resolve(options.root, file);
  const plugin: Plugin = {
    name: 'marquee-first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      captured.clear();
      const elsewhere = await reachable(this, options.leaveOut.map(absolute));
      for (const id of await reachable(this, options.seeds.map(absolute))) {
        if (!elsewhere.has(id) && !id.startsWith('\0') && options.only.test(id)) captured.add(id);
      }
    },
    // The chunk must be in no import cycle between chunks: a chunk it imports that imports it back runs
    // first, and reads its exports before they exist ("Cannot read properties of undefined").
    generateBundle(_, bundle) {
      const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === options.name);
      if (chunk?.type !== 'chunk') return;
      const importsOf = (file: string) => {
        const c = bundle[file];
        return c && c.type === 'chunk' ? c.imports : [];
      };
      const seen = new Set<string>();
      const pending = [...chunk.imports];
      while (pending.length > 0) {
        const file = pending.pop() as string;
        if (seen.has(file)) continue;
        seen.add(file);
        if (importsOf(file).includes(chunk.fileName))
          this.error(`${chunk.fileName} and ${file} import each other (through their imports)`);
        pending.push(...importsOf(file));
      }
    },
  };
  const group = { name: options.name, test: (id: string) => captured.has(id) };
  return { plugin, group };
}

/** `import … from 'x'` and `export … from 'x'`: the names each brings (`*`: all of them). */
const FROM = /(?:^|[;\n])\s*(import|export)\s*([\w$\s{},*]*?)\s*from\s*["']([^"']+)["']/g;

/** The names a clause brings as [name in the other module, name here]; `*` for all of them. */
function namesOf(clause: string): [string, string][] {
  const star = /\*\s*(?:as\s+([\w$]+))?/.exec(clause);
  if (star) return [['*', star[1] ?? '*']];
  const inBraces = /\{([^}]*)\}/.exec(clause)?.[1];
  const pairs = (inBraces ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0])
    .map((parts): [string, string] => [parts[0] ?? '', parts[1] ?? parts[0] ?? '']);
  // A default import beside or instead of the braces.
  const beforeBraces = clause
    .replace(/\{[^}]*\}/, '')
    .replace(',', '')
    .trim();
  if (beforeBraces) pairs.push(['default', beforeBraces]);
  return pairs;
}

/** A package's index: nothing but imports and exports (a module with code of its own needs all it imports). */
function isIndex(code: string): boolean {
  const lines = code
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('*') && !line.trim().startsWith('/'));
  return (
    lines.length > 0 &&
    lines.every((line) =>
      /^\s*(import|export)\b|^\s*[\w$,\s]*\}?\s*(from\s*["'][^"']+["'])?;?\s*$/.test(line),
    )
  );
}

const RELATIVE_SUFFIXES = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** Whether a module declares the export `name` itself (`export const name`, `export { name }`…). */
function declares(code: string, name: string): boolean {
  if (name === '*') return true;
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(
    `export\\s+(?:declare\\s+)?(?:const|let|var|function\\*?|async\\s+function|class|enum|type|interface)\\s+${escaped}\\b|export\\s*\\{[^}]*\\b${escaped}\\b[^}]*\\}|export\\s*\\*`,
  ).test(code);
}

/** The modules `seeds` reach through static imports, following only the used names through indexes. */
async function reachable(context: Rolldown.PluginContext, seeds: string[]): Promise<Set<string>> {
  const resolved = new Map<string, string | undefined>();
  const resolve = async (specifier: string, importer: string) => {
    if (specifier.startsWith('.')) {
      // A relative path is one of the graph's modules with its extension (no resolver round trip).
      const base = path.resolve(path.dirname(importer), specifier);
      for (const suffix of RELATIVE_SUFFIXES) if (context.getModuleInfo(base + suffix)) return base + suffix;
    }
    const key = specifier.startsWith('.') ? `${path.dirname(importer)}\0${specifier}` : specifier;
    if (!resolved.has(key)) resolved.set(key, (await context.resolve(specifier, importer))?.id);
    return resolved.get(key);
  };
  // Each module's imports and re-exports, read once: [names (there, here), the module they come from].
  const parsed = new Map<string, { index: boolean; links: [[string, string][], string][] }>();
  const linksOf = async (id: string, code: string) => {
    let entry = parsed.get(id);
    if (!entry) {
      const links: [[string, string][], string][] = [];
      for (const match of code.matchAll(FROM)) {
        const target = await resolve(match[3] ?? '', id);
        if (target && context.getModuleInfo(target)) links.push([namesOf(match[2] ?? ''), target]);
      }
      // Bare `import 'x'` (side effects, styles).
      for (const match of code.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) {
        const target = await resolve(match[1] ?? '', id);
        if (target && context.getModuleInfo(target)) links.push([[['*', '*']], target]);
      }
      entry = { index: isIndex(code), links };
      parsed.set(id, entry);
    }
    return entry;
  };
  const seen = new Map<string, Set<string>>();
  const queue: [string, string[]][] = seeds.map((seed) => [seed, ['*']]);
  while (queue.length > 0) {
    const [id, wanted] = queue.shift() as [string, string[]];
    const info = context.getModuleInfo(id);
    if (!info) continue;
    const done = seen.get(id) ?? new Set<string>();
    if (done.has('*')) continue;
    const fresh = wanted.filter((name) => !done.has(name));
    if (seen.has(id) && fresh.length === 0) continue;
    const { index: isAnIndex, links } = await linksOf(id, info.code ?? '');
    const index = isAnIndex && !fresh.includes('*');
    seen.set(id, index ? new Set([...done, ...fresh]) : new Set(['*']));
    for (const [pairs, target] of links) {
      // A module with code of its own needs what it imports, by the names it imports.
      if (!index) {
        queue.push([target, pairs.map(([there]) => there)]);
        continue;
      }
      // Through an index only what provides a wanted name: `export *` passes on the wanted names the
      // module declares, `* as ns` everything if `ns` is wanted.
      if (pairs[0]?.[1] === '*') {
        const code = context.getModuleInfo(target)?.code ?? '';
        const declared = fresh.filter((name) => declares(code, name));
        if (declared.length > 0) queue.push([target, declared]);
        continue;
      }
      const used = pairs.filter(([, here]) => fresh.includes(here));
      if (used.length > 0) queue.push([target, used.map(([there]) => there)]);
    }
  }
  return new Set(seen.keys());
}
