// @vitest-environment node
import { describe, expect, it } from 'vitest';
import viteConfig, { pwaOptions } from '../vite.config';

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
    expect(workbox.runtimeCaching ?? []).toEqual([]);
  });

  it('is not registered by an injected inline script (the CSP forbids inline scripts)', () => {
    expect(pwaOptions.injectRegister).toBe(false);
  });
});
