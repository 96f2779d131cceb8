import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label / value lines of a request's detail drawer. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Stack gap="sm" component="dl" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
