import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Trend } from '@marquee/contract';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatCount } from '../../../lib/intl';
import classes from './admin-dashboard.module.css';

/** The change against the previous period in words, with an arrow: never colour alone. */
export function TrendLine({ trend, format }: { trend: Trend; format: (value: number) => string }) {
  const { value, previous, changePercent } = trend;
  const up = value > previous;
  const down = value < previous;
  const Icon = up ? IconArrowUpRight : down ? IconArrowDownRight : IconMinus;
  const color = up ? 'teal.9' : down ? 'red.9' : 'dimmed';
  const change =
    changePercent === null
      ? value === 0
        ? 'No change'
        : 'New this period'
      : changePercent === 0
        ? 'No change'
        : `${up ? 'Up' : 'Down'} ${formatCount(Math.abs(changePercent))}%`;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Icon
        size={16}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
        color={`var(--mantine-color-${color.replace('.', '-')})`}
      />
      <Text size="xs" c={color}>
        {change}{' '}
        <Text span size="xs" c="dimmed">
          (previous period: {format(previous)})
        </Text>
      </Text>
    </Group>
  );
}

export function FigureCard({
  label,
  value,
  trend,
  format = formatCount,
  testId,
}: {
  label: string;
  value: number;
  trend?: Trend;
  format?: (value: number) => string;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      className={classes.card}
      radius="md"
      data-testid={testId}
      role="group"
      aria-label={label}
    >
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text
          className={classes.value}
          fw={700}
          lh={1.2}
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {format(value)}
        </Text>
        {trend && <TrendLine trend={trend} format={format} />}
      </Stack>
    </Paper>
  );
}
