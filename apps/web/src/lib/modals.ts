import { wantHosts } from './deferred-hosts';

/**
 * Mantine's modal manager (app/ModalsHost.tsx) loads after the first paint, out of the login route's
 * first download. `modals.open…` reaches it through a window event that nothing hears until it has
 * mounted, so a dialog asked for earlier (a toggle clicked just after a screen opened) would be lost
 * without a word. Every opening waits here first: `await whenModalsReady()`, then `modals.open…`.
 */
let mountedHosts = 0;
let waiting: (() => void)[] = [];

/** Resolves once a modal manager listens (at once when one already does). */
export function whenModalsReady(): Promise<void> {
  if (mountedHosts > 0) return Promise.resolve();
  wantHosts();
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * Called by the host from an effect of its own, which runs after the manager's layout effects (where
 * it subscribes to the events). Returns the unmount, after which openings wait for the next host.
 */
export function modalsHostMounted(): () => void {
  mountedHosts += 1;
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
  return () => {
    mountedHosts -= 1;
  };
}
