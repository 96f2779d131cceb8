import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_LABELS } from '@marquee/contract';
import type { ReactNode } from 'react';
import { whenModalsReady } from '../lib/modals';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Red Confirm button for destructive actions. */
  danger?: boolean;
  /** Runs after Confirm; the dialog closes at once, and failures are toasted by the http helper. */
  onConfirm: () => unknown;
  /** Runs when the dialog closes without Confirm (Cancel, Escape, the close button, a click outside). */
  onDismiss?: () => void;
}

/**
 * A confirmation dialog whose buttons are labelled exactly Cancel and Confirm (spec section 9). A
 * destructive one starts on Cancel, so Enter or Space right after opening it destroys nothing. It opens
 * once the lazily loaded modal manager listens (lib/modals.ts); asked for earlier, it would be lost.
 */
export async function openConfirmAction({
  title,
  message,
  danger,
  onConfirm,
  onDismiss,
}: ConfirmOptions): Promise<void> {
  await whenModalsReady();
  let confirmed = false;
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { cancel: CONFIRM_LABELS.cancel, confirm: CONFIRM_LABELS.confirm },
    cancelProps: danger ? { 'data-autofocus': true } : undefined,
    confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': danger ? undefined : true },
    onClose: () => {
      if (!confirmed) onDismiss?.();
    },
    onConfirm: () => {
      confirmed = true;
      void Promise.resolve()
        .then(onConfirm)
        .catch(() => {});
    },
  });
}

/** Render-prop form: `<ConfirmAction {...options}>{(open) => <Button onClick={open}>Delete</Button>}</ConfirmAction>`. */
export function ConfirmAction({
  children,
  ...options
}: ConfirmOptions & { children: (open: () => void) => ReactNode }) {
  return <>{children(() => void openConfirmAction(options))}</>;
}
