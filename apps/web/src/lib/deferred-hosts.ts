import { useSyncExternalStore } from 'react';
import { getAccessToken } from './storage';

/**
 * The modal manager (app/providers.tsx) is mounted — and its chunks (the dialog, its scroll area, focus
 * trap and floating helpers) downloaded — only once it is wanted: when the first dialog is asked for,
 * when the person first presses a key or a pointer, or, in a signed-in console (where dialogs are common),
 * a little after the page has loaded and gone idle. The sign-in page and a buyer's pages open no dialog
 * by themselves, so they load it only at the first key or tap (~25 kB they no longer download and run
 * right after the page works: docs/performance.md, "The bench, seventh round"). Until then the sign-in
 * page paints without it (docs/performance.md, "Console on the wire and cold mobile"). A dialog asked
 * for earlier still opens: it waits in lib/modals.ts.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantHosts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHostsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}

/** After the page's load event: this long, then the next idle moment. */
const AFTER_LOAD_MS = 1500;

/**
 * Runs `work` a little after the page's load event, at an idle moment: past the first paint of a
 * lazy route on a slow phone. Returns the cancel.
 */
export function afterLoadAndIdle(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const afterLoad = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(work, { timeout: 2000 });
      else work();
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Runs `work` once, at the first key or pointer press, or (with `idle`) a little after the load event at
 * an idle moment, whichever comes first. Returns the cancel.
 */
export function atFirstInputOrIdle(work: () => void, { idle }: { idle: boolean }): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  window.addEventListener('pointerdown', once, { capture: true });
  window.addEventListener('keydown', once, { capture: true });
  const cancelIdle = idle ? afterLoadAndIdle(once) : () => {};
  function cancel() {
    window.removeEventListener('pointerdown', once, { capture: true });
    window.removeEventListener('keydown', once, { capture: true });
    cancelIdle();
  }
  return cancel;
}

/**
 * Arms the triggers that do not come from a toast or a dialog: the first key or pointer press, and, when
 * signed in, an idle moment a little after the load event. Returns the disarm.
 */
export function armHostTriggers(): () => void {
  if (wanted) return () => {};
  return atFirstInputOrIdle(wantHosts, { idle: Boolean(getAccessToken()) });
}
