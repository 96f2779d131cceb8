import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { chunksHolding, importClosure } from './bundle-report';

/**
 * A few chunks for the code the console's home (the signed-in dashboard) needs before it paints, instead
 * of the ~60 small ones the automatic splitting makes of it (docs/performance.md, "The dashboard's first
 * paint"). On a phone each file is a request of its own (HTTP/1.1: six at a time, a round trip each): the
 * admin layout's and the screen's Mantine components, floating-ui, the icons, TanStack Query's hooks, the
 * console's own modules and the contract's came as dozens of files of 0.2–6 kB.
 *
 * What the `seeds` reach through static imports (`only`), except what a page `leaveOut` reaches (the
 * sign-in page: it downloads none of it), goes to one chunk per set of the `apart` pages that also reach
 * it (`console-kit`, `console-kit-booking-event`…), so an event's page downloads only the part it uses.
 * A module's imports are reached by every page that reaches it, so a part imports only parts made for
 * more pages: no two import each other (checked in `generateBundle`, with every page's download).
 *
 * A package's index re-exports hundreds of modules (Mantine, the icons, TanStack Query): through one,
 * only the modules that provide the names imported from it are followed, as the bundler's tree shaking
 * does; otherwise every module would reach every other. Built from the module graph once it is complete
 * (`buildEnd`); the group's `name` runs after that, when the chunks are made. A module the walk reaches
 * but the bundle leaves out (unused) costs nothing: a group only places what is in the bundle.
 */
export function firstScreenChunk(options: {
  name: string;
  root: string;
  seeds: string[];
  /** Pages that must not download any of it (what they reach stays in their own chunks). */
  leaveOut: string[];
  /**
   * Pages that share some of it and download exactly what they reach: what the seeds and some of these
   * reach goes to a chunk of its own per set of them (`<name>-<keys>`), so each loads only its part.
   */
  apart?: Record<string, string[]>;
  /** The modules it may hold at all. */
  only: RegExp;
  /** Modules it never holds even when reached (another group's). */
  except?: RegExp;
}) {
  /** The chunk each captured module goes to. */
  const captured = new Map<string, string>();
  const absolute = (file: string) => path.resolve(options.root, file);
  const apart = Object.entries(options.apart ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const plugin: Plugin = {
    name: 'marquee-first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      captured.clear();
      const elsewhere = await reachable(this, options.leaveOut.map(absolute));
      const reachedBy = await Promise.all(
        apart.map(async ([key, modules]) => [key, await reachable(this, modules.map(absolute))] as const),
      );
      const fromSeeds = await reachable(this, options.seeds.map(absolute));
      for (const id of fromSeeds) {
        if (elsewhere.has(id) || id.startsWith('\0') || !options.only.test(id) || options.except?.test(id))
          continue;
        const keys = reachedBy.filter(([, reached]) => reached.has(id)).map(([key]) => key);
        captured.set(id, [options.name, ...keys].join('-'));
      }
      mergeSmallGroups(captured, options.name, (id) => this.getModuleInfo(id)?.code?.length ?? 0);
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const importsOf = (file: string) => {
        const c = bundle[file];
        return c && c.type === 'chunk' ? c.imports : [];
      };
      const closureOf = (files: string[]) => importClosure(files, importsOf);
      const ours = chunks.filter((c) => c.name === options.name || c.name.startsWith(`${options.name}-`));
      // No chunk of ours may be in an import cycle between chunks: a chunk it imports that imports it
      // back runs first, and reads its exports before they exist ("Cannot read properties of undefined").
      for (const chunk of ours)
        for (const file of closureOf(chunk.imports))
          if (importsOf(file).includes(chunk.fileName))
            this.error(
              `${chunk.fileName} and ${file} import each other (through their imports); ${file} holds ${(
                bundle[file] as Rolldown.OutputChunk
              ).moduleIds
                .map((id) => path.relative(options.root, id))
                .join(', ')}`,
            );
      // And a page left out, or apart, downloads none of ours but those holding what it reaches.
      const pages = [
        ...options.leaveOut.map((module) => ['', [module]] as const),
        ...apart.map(([key, modules]) => [key, modules] as const),
      ];
      for (const [key, modules] of pages) {
        const own = chunksHolding(
          chunks.map((c) => ({ fileName: c.fileName, modules: c.moduleIds })),
          modules,
        );
        for (const file of closureOf(own.map((c) => c.fileName))) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || !ours.includes(chunk)) continue;
          if (!key || !chunk.name.split('-').includes(key))
            this.error(`${modules.join(', ')} would download ${chunk.fileName}, made for the console's home`);
        }
      }
    },
  };
  const group = {
    name: (id: string) => captured.get(id) ?? null,
    debugName: options.name,
  };
  return { plugin, group };
}

/** A chunk's worth below which its own request costs a phone more than its bytes cost anyone. */
const SMALL_GROUP_CHARS = 2_000;

/**
 * A small part (`console-kit-event`: one icon) goes into the part made for the fewest pages that include
 * all of its own (`console-kit-booking-event`; the smaller of two such): its pages load that part anyway,
 * and the others there (booking) download its few bytes more. One request fewer for every page that
 * loaded both.
 */
export function mergeSmallGroups(
  captured: Map<string, string>,
  base: string,
  sizeOf: (id: string) => number,
): void {
  const members = new Map<string, string[]>();
  for (const [id, name] of captured) members.set(name, [...(members.get(name) ?? []), id]);
  const size = (name: string) => (members.get(name) ?? []).reduce((sum, id) => sum + sizeOf(id), 0);
  const keysOf = (name: string) => name.slice(base.length).split('-').filter(Boolean);
  // Smallest first, so a chain of small parts folds into the first large one.
  for (const name of [...members.keys()].sort((a, b) => size(a) - size(b))) {
    const keys = keysOf(name);
    if (keys.length === 0 || size(name) >= SMALL_GROUP_CHARS) continue;
    const into = [...members.keys()]
      .filter((other) => other !== name && keys.every((key) => keysOf(other).includes(key)))
      .sort((a, b) => keysOf(a).length - keysOf(b).length || size(a) - size(b))[0];
    if (!into) continue;
    for (const id of members.get(name) ?? []) captured.set(id, into);
    members.set(into, [...(members.get(into) ?? []), ...(members.get(name) ?? [])]);
    members.delete(name);
  }
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
export function isIndex(code: string): boolean {
  const lines = code
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('*') && !line.trim().startsWith('/'));
  return (
    lines.length > 0 &&
    lines.every((line) =>
      // `import …`, `export {…}`, `export * …` (not `export const x = f()`, nor a dynamic `import(…)`).
      /^\s*(import\b(?!\s*\()|export\s*(\*|\{|type\s*\{))|^\s*[\w$,\s]*\}?\s*(from\s*["'][^"']+["'])?;?\s*$/.test(
        line,
      ),
    )
  );
}

/** A module of the console itself (not a package's, not the contract's, which are free of side effects). */
const CONSOLE_MODULE = /\/apps\/web\/src\//;
/** A call at the top of a module, not marked pure (`export const keys = queryKeys(…)`): the bundler keeps it. */
const RUNS_CODE_WHEN_LOADED =
  /^(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*=\s*(?!\/\*\s*[#@]__PURE__)[\w$.]+\(/m;

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
      // The console's own modules may run code when loaded (`queryKeys(…)` at the top of a keys file):
      // the bundler keeps an index's import of one even when none of its names is used.
      if (
        CONSOLE_MODULE.test(target) &&
        RUNS_CODE_WHEN_LOADED.test(context.getModuleInfo(target)?.code ?? '')
      ) {
        queue.push([target, ['*']]);
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
