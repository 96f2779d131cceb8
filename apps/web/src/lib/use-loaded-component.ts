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
  return useLoadedComponentState(load, wanted).component;
}

/**
 * {@link useLoadedComponent} for a part someone asked to see (a tap), which must say when its code could
 * not be fetched: `failed` until the next attempt, and `retry` to ask again at once (`failed` is cleared
 * meanwhile, so the caller shows its loader again and a second failure is seen as one).
 */
// biome-ignore lint/suspicious/noExplicitAny: the component's props are the caller's to name.
export function useLoadedComponentState<P = any>(load: () => Promise<ComponentType<P>>, wanted: boolean) {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!wanted || component) return;
    void asked; // a retry starts a new attempt at once
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      window.removeEventListener('online', attempt);
      clearTimeout(timer);
      load().then(
        (loaded) => {
          if (!live) return;
          setFailed(false);
          setComponent(() => loaded);
        },
        () => {
          if (!live) return;
          setFailed(true);
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
  }, [wanted, component, load, asked]);
  const retry = () => {
    setFailed(false);
    setAsked((n) => n + 1);
  };
  return { component, failed, retry };
}

/**
 * A stand-in for a component the first screen does not need to paint (a menu, a picker): the stand-in
 * spreads `standInProps`. The real component's code is fetched on an intent to use it (the pointer over
 * it, the focus on it) and it takes the stand-in's place once `take()` is called (a tap, a key), never
 * while a pointer may still be pressing the stand-in, which would lose that tap. `focused`: the stand-in
 * had the focus, so the real one should take it. `load` must keep its identity (a module-level function).
 */
// biome-ignore lint/suspicious/noExplicitAny: the component's props are the caller's to name.
export function useStandIn<P = any>(load: () => Promise<ComponentType<P>>) {
  const [taken, setTaken] = useState(false);
  const [focused, setFocused] = useState(false);
  const Loaded = useLoadedComponent(load, taken);
  const prefetch = () => void load().catch(() => undefined);
  const take = () => setTaken(true);
  return {
    Loaded,
    taken,
    focused,
    take,
    standInProps: {
      onPointerEnter: prefetch,
      onFocus: () => {
        setFocused(true);
        prefetch();
      },
      onBlur: () => setFocused(false),
      onClick: take,
    },
  };
}

/**
 * The opened state of a loaded menu or picker that a stand-in may have been tapped for, perhaps just before
 * or after its code came: it starts open when asked, opens when asked later, and is then the user's.
 */
export function useOpenedWhenAsked(openAsked: boolean) {
  const [opened, setOpened] = useState(openAsked);
  useEffect(() => {
    if (openAsked) setOpened(true);
  }, [openAsked]);
  return [opened, setOpened] as const;
}
