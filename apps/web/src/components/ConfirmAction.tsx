import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_LABELS } from '@marquee/contract';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Red Confirm button for destructive actions. */
  danger?: boolean;
  /** Runs after Confirm; the dialog closes at once, and failures are toasted by the http helper. */
  onConfirm: () => unknown;
}

/** A confirmation dialog whose buttons are labelled exactly Cancel and Confirm (spec section 9). */
export function openConfirmAction({ title, message, danger, onConfirm }: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { cancel: CONFIRM_LABELS.cancel, confirm: CONFIRM_LABELS.confirm },
    confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': true },
    onConfirm: () => {
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
  return <>{children(() => openConfirmAction(options))}</>;
}
