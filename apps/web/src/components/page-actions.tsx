import { type ReactNode, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/**
 * The page header's action area, for actions that belong to a part of the page (a tab's "Add tag"):
 * the part keeps its state and logic, and its primary action still shows at the top right with the
 * header, like every other page's.
 */
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setPageActionsSlot(element: HTMLElement | null) {
  if (slot === element) return;
  slot = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders its children in the page header's action area (or in place when the page has no header). */
export function PageAction({ children }: { children: ReactNode }) {
  const target = useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
  return target ? createPortal(children, target) : children;
}
