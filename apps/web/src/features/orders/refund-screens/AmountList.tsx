import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export type AmountRow = { label: ReactNode; value: string; strong?: boolean; testId?: string };

/** Label and amount pairs, amounts aligned right (the refund quote, a bulk result's sums). */
export function AmountList({ rows, testId }: { rows: AmountRow[]; testId?: string }) {
  return (
    <dl style={{ margin: 0 }} data-testid={testId}>
      {rows.map((row) => (
        <Group key={row.testId ?? String(row.label)} justify="space-between" gap="sm" wrap="nowrap" py={4}>
          <Text component="dt" size="sm" fw={row.strong ? 600 : 400}>
            {row.label}
          </Text>
          <Text
            component="dd"
            m={0}
            size="sm"
            fw={row.strong ? 600 : 400}
            style={NUMERIC}
            data-testid={row.testId}
          >
            {row.value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
