import { ModalsProvider } from '@mantine/modals';
import { CONFIRM_LABELS } from '@marquee/contract';
import { useEffect } from 'react';
import { modalsHostMounted } from '../lib/modals';

/**
 * Mantine's modal manager, loaded after the first paint (app/providers.tsx): `modals.open…` calls reach
 * it through its event bus, so it wraps nothing, and the Modal it renders (with its scroll area, focus
 * trap and floating-ui helpers) stays out of the login route's first download. Openings made before it
 * mounted wait for it (lib/modals.ts); this effect, after the manager's own, lets them through.
 */
export function ModalsHost() {
  useEffect(modalsHostMounted, []);
  return <ModalsProvider labels={CONFIRM_LABELS} />;
}
