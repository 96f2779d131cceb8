/// <reference types="vite-plugin-pwa/vanillajs" />

/**
 * Registers the service worker that vite-plugin-pwa builds (apps/web/vite.config.ts), in production
 * builds only: in development it would serve stale modules. With `autoUpdate` a new build takes over
 * by itself and the page reloads onto it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}
