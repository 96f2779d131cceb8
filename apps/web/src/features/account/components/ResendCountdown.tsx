import { Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** "Resend code" stays disabled while the countdown runs; `restartKey` changes restart it. */
export function ResendCountdown({
  seconds,
  restartKey,
  onResend,
  loading,
}: {
  seconds: number;
  restartKey: number;
  onResend: () => void;
  loading?: boolean;
}) {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new restartKey restarts the countdown on purpose
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  if (left > 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="resend-countdown">
        You can request a new code in 0:{String(left).padStart(2, '0')}
      </Text>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" onClick={onResend} loading={loading}>
      Resend code
    </Button>
  );
}
