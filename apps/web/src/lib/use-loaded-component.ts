import { type ComponentType, useEffect, useState } from 'react';

/** How long a failed chunk waits before it is asked for again, when no `online` event comes first. */
export const RELOAD_CHUNK_AFTER_MS = 10_000;

/**
 * The component a chunk exports once `load` has fetched it; null until then, and until `wanted`. A chunk
 * that cannot be fetched (the network dropped before the service worker kept it) is asked for again when
 * the browser is back online, or after {@link RELOAD_CHUNK_AFTER_MS}. React.lazy would throw the failure
 * into the tree instead: outside the router's error pages nothing catches it, and the whole console
 * unmounts to a blank page, what was typed with it. `load` must keep its identity (a module-level function).
 */
// biome-ignore lint/suspicious/noExplicitAny: the component's props are the caller's to name.
export function useLoadedComponent<P = any>(
  load: () => Promise<ComponentType<P>>,
  wanted: boolean,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      window.removeEventListener('online', attempt);
      clearTimeout(timer);
      load().then(
        (loaded) => {
          if (live) setComponent(() => loaded);
        },
        () => {
          if (!live) return;
          window.addEventListener('online', attempt);
          timer = setTimeout(attempt, RELOAD_CHUNK_AFTER_MS);
        },
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
      clearTimeout(timer);
    };
  }, [wanted, component, load]);
  return component;
}
