import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import {
  BUNDLE_BUDGETS,
  bundleReportPlugin,
  DASHBOARD_MODULES,
  PUBLIC_EVENT_PAGE_MODULE,
} from './bundle-report';
import { firstScreenChunk } from './first-screen-chunk';
import { mantineFirstPaintPlugin } from './mantine-first-paint';
import { precacheOnlyShell, shellPrecachePlugin } from './shell-precache';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The form kit's modules (see its chunk group below). */
const FORM_KIT =
  /\/node_modules\/(@mantine\/(core\/esm\/(components\/(Anchor|Paper|Group|Input|InputBase|TextInput|PasswordInput|CloseButton|ActionIcon|Checkbox)|utils\/(InlineInput|InputsGroupFieldset))\/|hooks\/esm\/use-(id|uncontrolled)\/|form\/esm\/)|fast-deep-equal\/|klona\/|@tanstack\/(react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\.js$)/;

// What the console's home (the signed-in dashboard: the session guard, the admin layout and the
// screen) needs beyond the entry, as a few chunks instead of ~60 (first-screen-chunk.ts,
// docs/performance.md, "The dashboard's first paint"): on a phone each file is a request of its own.
// The sign-in page downloads none of it; an event's page, the booking page and the toast and dialog
// hosts share some of it and download only their part. Not zod (the contract's chunks import it), nor
// react-remove-scroll (its side car is a chunk of its own that imports it back), nor the form kit's
// modules: that chunk takes whole Mantine folders, and one split between the two would initialise out of
// order.
const consoleChunk = firstScreenChunk({
  name: 'console-kit',
  root,
  seeds: DASHBOARD_MODULES,
  leaveOut: BUNDLE_BUDGETS.loginModules,
  apart: {
    event: [PUBLIC_EVENT_PAGE_MODULE],
    booking: ['src/features/public-event/routes/BookingPage.tsx'],
    toasts: ['src/app/ToastViewport.tsx'],
    modals: ['src/app/ModalsHost.tsx'],
  },
  only: /\/node_modules\/(?!zod\/|react-remove-scroll|use-sidecar|use-callback-ref|react-style-singleton|tslib\/)|\/apps\/web\/src\/|\/packages\/contract\/src\//,
  except: FORM_KIT,
});

// The API server listens on 3000 in development; proxying keeps the console same-origin,
// which is also how production serves it (the API server serves apps/web/dist).
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * The service worker (docs/check-in.md, "Offline"): it precaches the console's shell (shell-precache.ts:
 * the page, the entry, the login route and the door's check-in screen), so those open with no network;
 * every other chunk is cached the first time it is loaded (fingerprinted files under /assets/ only). Navigations fall back to index.html (the console routes itself),
 * never under /api/; API answers are never cached: every call goes to the network, and the door keeps
 * what it needs offline in IndexedDB itself. Registered by src/lib/service-worker.ts in production
 * builds only; `autoUpdate` takes a new build over at once (a door queue survives the reload).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  manifest: {
    name: 'Marquee',
    short_name: 'Marquee',
    description: 'Marquee organizer and admin console',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // Mantine's indigo 6, the console's primary colour.
    theme_color: '#4c6ef5',
    background_color: '#ffffff',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  // The icon is precached by the glob already.
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,woff2,webmanifest}'],
    // Of what the glob finds, only the shell (not the ~250 chunks of every screen).
    manifestTransforms: [async (entries) => precacheOnlyShell(entries)],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The console's fingerprinted files, as they are loaded: a name never changes content. Same origin
    // and /assets/ only: nothing of the API is ever cached.
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'marquee-assets',
          expiration: { maxEntries: 400, purgeOnQuotaError: true },
        },
      },
    ],
    // What `autoUpdate` means; the plugin sets these only when it injects the registration itself.
    skipWaiting: true,
    clientsClaim: true,
  },
  devOptions: { enabled: false },
};

export default defineConfig({
  root,
  plugins: [
    react(),
    mantineFirstPaintPlugin(),
    consoleChunk.plugin,
    shellPrecachePlugin(),
    VitePWA(pwaOptions),
    bundleReportPlugin(),
  ],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No source maps in the build: it is what production serves, and maps would publish the source.
    sourcemap: false,
    // Inlined assets become data: URLs, which the CSP allows only for images; keep fonts and scripts as files.
    assetsInlineLimit: (file) => (/\.(png|jpe?g|gif|svg|webp)$/i.test(file) ? undefined : false),
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // What every page loads before it can paint (the entry and all it imports statically, `$initial`)
          // comes as two chunks instead of the dozen or more the automatic splitting makes of it: React
          // (react-dom alone is ~70 kB gzip) and the shell (router, Mantine's provider, TanStack Query, the
          // http helper, the route table). Fewer, larger files compress better and cost fewer requests: the
          // login route's first download is ~7 kB smaller (docs/performance.md, "Console"). Both groups hold
          // only initial modules, so nothing lazy moves into the first download.
          //
          // recharts (the dashboards' charts, through @mantine/charts) is larger than one chunk's budget:
          // the library and its d3/redux helpers load as two chunks, only with a dashboard. Every package
          // recharts reaches must be in one of the two groups (react-is, use-sync-external-store included):
          // one left to the default chunks is initialised out of order and the dashboard fails to load with
          // "… is not a function" (the dashboard journeys open it).
          groups: [
            {
              name: 'react',
              test: /\/node_modules\/(react|react-dom|scheduler)\//,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // The form kit: the Mantine inputs, buttons and frames of the sign-in page, which nearly every
            // form of the console uses too, @mantine/form and TanStack Query's mutations, as one chunk
            // instead of fifteen of 0.5–6 kB (each with its own ~350 B of headers, each compressed alone):
            // the sign-in page's first download is ~13 kB smaller. The shell keeps what the entry imports
            // (its priority is higher), and it imports nothing from here. Whole folders of Mantine: its
            // modules read each other's statics when they are initialised (`CheckboxGroup.classes =
            // Input.Wrapper.classes`), so a module left out that this chunk imports and that imports it back
            // runs before it (the sign-in page failed with "reading 'Wrapper'" when the Checkbox folder was
            // only partly here). Every screen still opens (the e2e journeys).
            {
              name: 'form-kit',
              test: FORM_KIT,
            },
            consoleChunk.group,
            { name: 'charts', test: /\/node_modules\/(recharts|@mantine\/charts)\/.*\.m?js$/ },
            {
              name: 'charts-deps',
              test: /\/node_modules\/(d3-[^/]+|victory-vendor|@reduxjs|redux|redux-thunk|immer|es-toolkit|decimal\.js-light|reselect|react-redux|internmap|eventemitter3|tiny-invariant|use-sync-external-store|react-is|@standard-schema\/[^/]+)\//,
            },
          ],
        },
      },
      treeshake: {
        // The contract's modules only declare schemas and routes, and a feature's index.ts only re-exports:
        // a screen that imports one route's schema or one export of a feature does not carry the others
        // (docs/performance.md, "Console"). Everything else keeps its package's own sideEffects declaration.
        moduleSideEffects: (id) =>
          /\/packages\/contract\/src\/|\/apps\/web\/src\/features\/[^/]+\/index\.ts$/.test(id)
            ? false
            : undefined,
      },
    },
  },
});
