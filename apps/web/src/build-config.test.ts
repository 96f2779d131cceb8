// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHELL_MODULES, shellOf } from '../shell-precache';
import viteConfig, { pwaOptions } from '../vite.config';
import { wantsServiceWorker } from './lib/service-worker';

describe('the production build', () => {
  it('emits no source maps (the server serves the build as it is)', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });
});

describe('the service worker', () => {
  const workbox = pwaOptions.workbox ?? {};
  const fallsBack = (path: string) =>
    !(workbox.navigateFallbackDenylist ?? []).some((pattern) => pattern.test(path));

  it('precaches the built console and opens any console page from it', () => {
    expect(pwaOptions.strategies).toBe('generateSW');
    expect(pwaOptions.registerType).toBe('autoUpdate');
    expect(workbox.globPatterns).toEqual(expect.arrayContaining([expect.stringContaining('js,css,html')]));
    expect(workbox.navigateFallback).toBe('index.html');
    expect(fallsBack('/orders/events/1/check-in')).toBe(true);
    expect(fallsBack('/apiary')).toBe(true);
  });

  it('never answers for the API: no fallback under /api/, no cached answers', () => {
    expect(fallsBack('/api/docs')).toBe(false);
    expect(fallsBack('/api')).toBe(false);
    // The only runtime cache holds the console's fingerprinted files under /assets/.
    const caches = workbox.runtimeCaching ?? [];
    expect(caches).toHaveLength(1);
    const pattern = caches[0]?.urlPattern;
    if (typeof pattern !== 'function') throw new Error('urlPattern is a function');
    const matches = (href: string, sameOrigin = true) =>
      pattern({ url: new URL(href), sameOrigin, request: new Request(href), event: {} as never });
    expect(matches('https://m.example/assets/index-abc.js')).toBe(true);
    expect(matches('https://m.example/api/v1/user/get-user-detail')).toBe(false);
    expect(matches('https://m.example/api/assets/x')).toBe(false);
    expect(matches('https://cdn.example/assets/x.js', false)).toBe(false);
  });

  it('precaches the shell, not every chunk: the entry, the login route, the check-in screen and what they import', () => {
    expect(workbox.manifestTransforms).toHaveLength(1);
    const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
      type: 'chunk' as const,
      fileName,
      moduleIds,
      imports,
      isEntry,
      viteMetadata: { importedCss: new Set(isEntry ? ['assets/index.css'] : []) },
    });
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['/w/src/main.tsx'], ['assets/react.js'], true),
      'assets/react.js': chunk('assets/react.js', ['/w/node_modules/react/index.js']),
      'assets/LoginPage.js': chunk(
        'assets/LoginPage.js',
        ['/w/src/features/auth/routes/LoginPage.tsx'],
        ['assets/form.js'],
      ),
      'assets/form.js': chunk('assets/form.js', ['/w/node_modules/@mantine/form/index.js']),
      'assets/DashboardPage.js': chunk(
        'assets/DashboardPage.js',
        ['/w/src/features/dashboard/routes/DashboardPage.tsx'],
        ['assets/charts.js'],
      ),
      'assets/charts.js': chunk('assets/charts.js', ['/w/node_modules/recharts/index.js']),
    };
    expect([...shellOf(bundle)].sort()).toEqual([
      'assets/LoginPage.js',
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(SHELL_MODULES.length).toBeLessThanOrEqual(6);
  });

  it('is not installed for a buyer on an event page', () => {
    expect(wantsServiceWorker('/e/harbour-jazz')).toBe(false);
    expect(wantsServiceWorker('/e/harbour-jazz/booking/1')).toBe(false);
    expect(wantsServiceWorker('/login')).toBe(true);
    expect(wantsServiceWorker('/events')).toBe(true);
  });

  it('is not registered by an injected inline script (the CSP forbids inline scripts)', () => {
    expect(pwaOptions.injectRegister).toBe(false);
  });
});
