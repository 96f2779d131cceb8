import { getDefaultZIndex } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { useToastsAtTopRequested } from '../lib/toasts';
import { HEADER_HEIGHT } from './layouts/admin/header-height';
import classes from './ToastViewport.module.css';

/**
 * Where toasts appear: under the header on the right on wide screens, at the bottom on phones, so
 * they never cover the header, its menus or a page's title and primary action. A screen whose controls
 * sit low on a phone (the door) asks for them under the header there too (`useToastsAtTop`). Stacked above
 * modals (a modal form's failure must be seen) and below popovers (the user menu opens over a toast).
 */
export const TOAST_Z_INDEX = getDefaultZIndex('modal') + 50;

export function ToastViewport() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const atTop = useToastsAtTopRequested();
  // In a landmark of their own (not the shared portal outside every landmark); fixed, so they still sit
  // over the page.
  return (
    <section aria-label="Notifications">
      <Notifications
        withinPortal={false}
        position={phone ? (atTop ? 'top-center' : 'bottom-center') : 'top-right'}
        limit={5}
        zIndex={TOAST_Z_INDEX}
        classNames={{ root: classes.root }}
        // Only the top containers move: a `top` on every container would stretch the bottom ones over the page.
        styles={{ root: { '--toast-top-offset': `${HEADER_HEIGHT + 12}px` } as CSSProperties }}
      />
    </section>
  );
}
