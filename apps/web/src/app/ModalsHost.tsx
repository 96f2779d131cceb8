import { ModalsProvider } from '@mantine/modals';
import { CONFIRM_LABELS } from '@marquee/contract';

/**
 * Mantine's modal manager, loaded after the first paint (app/providers.tsx): `modals.open…` calls reach
 * it through its event bus, so it needs to wrap nothing, and the Modal it renders (with its scroll area,
 * focus trap and floating-ui helpers) stays out of the login route's first download.
 */
export function ModalsHost() {
  return <ModalsProvider labels={CONFIRM_LABELS} />;
}
