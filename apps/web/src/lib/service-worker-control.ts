/**
 * Whether this page's requests go through the service worker (lib/service-worker.ts registers it): at
 * once when it already does, else once it takes the page over (it installs after the first load and
 * claims open pages), or false after `waitMs` or where there is none (development builds, insecure
 * origins). Its own module: lib/service-worker.ts imports the PWA plugin's virtual module, which only
 * the console's build can resolve.
 */
export function controlledByServiceWorker(waitMs: number): Promise<boolean> {
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  if (!workers) return Promise.resolve(false);
  if (workers.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Boolean(workers.controller)), waitMs);
    workers.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}
