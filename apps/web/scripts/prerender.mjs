// After `vite build`: the console's server-side renderer (src/app/prerender.tsx) built for Node into
// dist/ssr/ (the server loads it to render an event's public page, apps/server/src/plugins/static-web.ts;
// it never serves that folder), and the sign-in screen rendered with it into a copy of the built
// index.html, dist/login.html, which the server sends for /login. The screen then paints once the page
// and its stylesheet have arrived, without waiting for the JavaScript; main.tsx renders the live screen
// over it, identical, once the route's code has loaded (docs/performance.md, "Console on the wire and
// cold mobile").
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const ssrDir = path.join(dist, 'ssr');

const escapeText = (text) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);

const started = Date.now();
await build({
  configFile: false,
  root,
  logLevel: 'silent',
  publicDir: false,
  // Everything bundled in (React, Mantine, the router): the server loads it as it is, with no module
  // resolution from the console's dependencies.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});
const { renderPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href);
const index = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
// The page a rendered screen goes into (login.html, and the server's event pages: ssr/page.html):
// - what Mantine's color scheme script would set (the CSP allows no inline script): the console is light;
// - the console's scripts asked for at low priority: the rendered page paints without them, so the
//   stylesheet (and an event's image) come first; they still load at once, for the page to take over.
const template = index
  .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
  .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
await writeFile(path.join(ssrDir, 'page.html'), template);
const login = await renderPage('/login');
if (!login) throw new Error('the sign-in screen did not render');
let page = template.replace('<div id="root"></div>', () => `<div id="root">${login.body}</div>`);
if (login.title)
  page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(login.title)}</title>`);
await writeFile(path.join(dist, 'login.html'), page);
console.log(`server-side renderer and login.html in ${((Date.now() - started) / 1000).toFixed(1)} s`);
