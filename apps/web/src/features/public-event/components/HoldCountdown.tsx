import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

function remainingText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long the seats stay held. Announced to screen readers only once a minute, not every second. */
export function HoldCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired?: () => void }) {
  const deadline = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = deadline - now;
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);
  if (expired) return <Text size="sm">Your reservation time is up.</Text>;
  return (
    <Text size="sm" data-testid="hold-countdown">
      Your seats are held for{' '}
      <Text span fw={700} ff="monospace" aria-hidden>
        {remainingText(left)}
      </Text>
      <Text span style={VISUALLY_HIDDEN}>
        {`about ${Math.ceil(left / 60_000)} minutes`}
      </Text>
    </Text>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
