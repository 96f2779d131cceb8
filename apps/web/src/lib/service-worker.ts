/// <reference types="vite-plugin-pwa/vanillajs" />

import { afterLoadAndIdle } from './deferred-hosts';

/**
 * A buyer on an event's public pages (/e/…) is not a console user: no service worker is installed for
 * them, so their first visit downloads nothing of the console's shell in the background
 * (docs/performance.md, "Console on the wire and cold mobile").
 */
export function wantsServiceWorker(pathname: string): boolean {
  return !/^\/e(\/|$)/.test(pathname);
}

/**
 * Registers the service worker that vite-plugin-pwa builds (apps/web/vite.config.ts), in production
 * builds only: in development it would serve stale modules. With `autoUpdate` a new build takes over
 * by itself and the page reloads onto it. Not on the public event pages (wantsServiceWorker).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!wantsServiceWorker(window.location.pathname)) return;
  const register = () => {
    import('virtual:pwa-register').then(
      ({ registerSW }) => registerSW({ immediate: true }),
      // Offline before the registration's chunk came: register once the network is back.
      () => window.addEventListener('online', register, { once: true }),
    );
  };
  // After the page has loaded and painted: the worker's registration and its precache of the shell must
  // not compete with the first paint for the network or the main thread (docs/performance.md, "Console
  // on the wire and cold mobile").
  afterLoadAndIdle(register);
}
