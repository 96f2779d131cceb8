import { Center, Loader } from '@mantine/core';

/** Centered loader for a screen whose data (or code) is on its way. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** Full-viewport variant, for before any layout exists. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
