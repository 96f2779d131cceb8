import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@marquee/contract';
import { createElement, Fragment, type ReactNode, useEffect, useSyncExternalStore } from 'react';

export type ToastKind = keyof typeof TOAST_DURATION_MS;

const COLORS: Record<ToastKind, string> = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' };

/** Multi-line messages (a list of server errors) keep one line per entry. */
function renderLines(message: string): ReactNode {
  const lines = message.split('\n');
  if (lines.length === 1) return message;
  return createElement(
    Fragment,
    null,
    lines.map((line, index) => createElement('div', { key: `${index}-${line}` }, line)),
  );
}

/**
 * One toast per kind and message: the same failure reported twice (two lists failing on one outage,
 * a double click) shows once, since the store ignores an id it already shows.
 */
export function toastId(kind: ToastKind, message: string): string {
  return `toast-${kind}-${message}`;
}

function show(kind: ToastKind, message: string): string {
  return notifications.show({
    id: toastId(kind, message),
    message: renderLines(message),
    color: COLORS[kind],
    autoClose: TOAST_DURATION_MS[kind],
    withBorder: true,
    // The close button is an icon: its name is what a screen reader (and axe) reads.
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Stable hooks for end-to-end tests; the notification itself already has role="alert".
    'data-testid': 'toast',
    'data-toast-kind': kind,
  });
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};

/** Screens shown now that want phone toasts at the top (see {@link useToastsAtTop}). */
let topRequests = 0;
const topListeners = new Set<() => void>();

function changeTopRequests(by: number) {
  topRequests += by;
  for (const listener of topListeners) listener();
}

/**
 * Phones show toasts at the bottom, over a page's lower part. A screen whose controls sit there (the
 * door's Start camera, Ticket code and Check in) asks for them under the header instead while it is
 * shown; the toast viewport reads the request with {@link useToastsAtTopRequested}.
 */
export function useToastsAtTop(): void {
  useEffect(() => {
    changeTopRequests(1);
    return () => changeTopRequests(-1);
  }, []);
}

export function useToastsAtTopRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      topListeners.add(listener);
      return () => topListeners.delete(listener);
    },
    () => topRequests > 0,
    () => false,
  );
}
