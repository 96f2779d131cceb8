import { ModalsProvider } from '@mantine/modals';
import { CONFIRM_LABELS } from '@marquee/contract';

/**
 * Mantine's modal manager (app/providers.tsx): `modals.open…` calls reach it through its event bus, so it
 * wraps nothing; it is mounted with the app because a call made before it mounts is lost.
 */
export function ModalsHost() {
  return <ModalsProvider labels={CONFIRM_LABELS} />;
}
