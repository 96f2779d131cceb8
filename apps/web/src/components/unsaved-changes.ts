import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { openConfirmAction } from './ConfirmAction';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_MESSAGE = 'Your changes have not been saved. Leave anyway and lose them?';

/**
 * The forms on screen with unsaved changes. A router supports one blocker at a time, and a page can
 * hold several forms (an organization's profile and its settings), so forms register here and one
 * `useUnsavedChangesBlocker` in the root layout guards them all.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function setDirty(id: string, dirty: boolean) {
  if (dirty === dirtyForms.has(id)) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const anyDirty = () => dirtyForms.size > 0;

/** The session ended: nothing on screen can be saved any more, so leaving must not ask. */
export function discardUnsavedChanges() {
  dirtyForms.clear();
  for (const listener of listeners) listener();
}

function confirmDiscard(onLeave: () => void, onStay?: () => void) {
  openConfirmAction({
    title: UNSAVED_CHANGES_TITLE,
    message: UNSAVED_CHANGES_MESSAGE,
    danger: true,
    onConfirm: onLeave,
    onDismiss: onStay,
  });
}

const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  // A change of only the query string (a tab, a page of a list) stays on the same screen.
  anyDirty() && currentLocation.pathname !== nextLocation.pathname;

/**
 * Mounted once, in the root layout: asks before leaving a screen with unsaved changes, through a
 * console link or the back button (the router) or by closing or reloading the tab (the browser).
 */
export function useUnsavedChangesBlocker() {
  const dirty = useSyncExternalStore(subscribe, anyDirty, anyDirty);
  const blocker = useBlocker(leavesPage);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    // Browsers show their own wording; preventDefault is what makes them ask.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * Every form: `const guard = useUnsavedChangesGuard(form.isDirty())`. Leaving the screen while dirty
 * asks first; a modal form passes its closing through `guard.confirmLeave(onClose)`. After a save that
 * navigates away at once, call `guard.release()` first: the form is still dirty until it renders again.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const id = useId();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    setDirty(id, dirty);
  }, [id, dirty]);
  useEffect(() => () => setDirty(id, false), [id]);

  return {
    confirmLeave: useCallback((leave: () => void) => {
      if (dirtyRef.current) confirmDiscard(leave);
      else leave();
    }, []),
    release: useCallback(() => {
      dirtyRef.current = false;
      setDirty(id, false);
    }, [id]),
  };
}
