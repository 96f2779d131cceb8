import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value; the label stacks above the value on narrow screens. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="wrap" align="flex-start" style={{ rowGap: 0 }}>
      <Text size="sm" c="dimmed" w={{ base: '100%', xs: 170 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
