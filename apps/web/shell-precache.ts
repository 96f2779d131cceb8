import type { Plugin } from 'vite';

/**
 * What the service worker precaches (docs/performance.md, "Console on the wire and cold mobile"): the
 * shell, not the whole console. Until now every first visit, a buyer's included, downloaded all ~250
 * chunks (2.4 MB) in the background. Precached now: index.html, the icons and the manifest, the entry
 * and everything it imports statically, and the chunks (with their CSS) of the screens below and what
 * they import statically: the login route, and the door's check-in screen behind the session guard and
 * the admin layout (docs/check-in.md, "Offline": a door device must open it with no network), and
 * Mantine's whole stylesheet, which the admin area's screens load beside their code (lib/routing.ts,
 * `consoleScreen`): without it the door's screen would not open offline. Every other chunk is cached the
 * first time the console loads it (runtime caching of /assets/, whose names are fingerprinted, so a
 * cached file never goes stale).
 */
export const SHELL_MODULES = [
  'src/app/layouts/AccountLayout.tsx',
  'src/features/auth/routes/LoginPage.tsx',
  'src/app/guards/RequireSession.tsx',
  'src/features/check-in/routes/CheckInPickerPage.tsx',
  'src/features/check-in/routes/CheckInPage.tsx',
  'src/styles/whole-mantine.ts',
];

/** The build's shell files (paths relative to dist), filled while the bundle is generated. */
const shellFiles = new Set<string>();

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The shell's files among a bundle's (pure, tested in src/build-config.test.ts). */
export function shellOf(bundle: Record<string, ChunkLike>, modules: readonly string[] = SHELL_MODULES) {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = byName.get(name);
    if (!chunk || files.has(name)) return;
    files.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) {
    const ids = (chunk.moduleIds ?? []).map((id) => id.replaceAll('\\', '/'));
    if (chunk.isEntry || modules.some((module) => ids.some((id) => id.endsWith(module))))
      visit(chunk.fileName);
  }
  return files;
}

/** Records the shell's files of the console's build; `precacheOnlyShell` reads them. */
export function shellPrecachePlugin(): Plugin {
  return {
    name: 'marquee-shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      shellFiles.clear();
      for (const file of shellOf(bundle as unknown as Record<string, ChunkLike>)) shellFiles.add(file);
    },
  };
}

/** Files outside assets/ that belong to the shell whatever the build: the page and its icons. */
const SHELL_STATIC = /^(index\.html|favicon\.svg|manifest\.webmanifest|[^/]+\.(png|ico|svg))$/;

/** A workbox `manifestTransforms` step: only the shell's entries stay in the precache list. */
export function precacheOnlyShell<E extends { url: string }>(entries: E[]) {
  if (shellFiles.size === 0) return { manifest: entries, warnings: ['shell not recorded: precaching all'] };
  const manifest = entries.filter((entry) => {
    const url = entry.url.replace(/^\//, '');
    return SHELL_STATIC.test(url) || shellFiles.has(url);
  });
  return { manifest, warnings: [] };
}
