import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

function DataTableFallback({
  table,
  caption,
  scrolls = true,
}: {
  table: ChartTable;
  caption: string;
  /** On screen a narrow card scrolls the table, reachable by keyboard; read aloud nothing scrolls. */
  scrolls?: boolean;
}) {
  const drawn = (
    <Table striped withTableBorder fz="sm" data-testid="chart-table">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.join('|')}>
            {row.map((cell, i) => (
              <Table.Td key={table.columns[i]}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!scrolls) return drawn;
  return (
    <Table.ScrollContainer
      minWidth={280}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': caption } }}
    >
      {drawn}
    </Table.ScrollContainer>
  );
}

/**
 * A chart in a card with its heading, a readable empty state, and its numbers as a table: always there
 * for screen readers (visually hidden), and on screen with "Show as table".
 */
export function ChartCard({
  title,
  table,
  empty,
  children,
}: {
  title: string;
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw. */
  empty: string | null;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="chart-card"
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="md" id={headingId}>
            {title}
          </Title>
          {!empty && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={
                asTable ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />
              }
              onClick={() => setAsTable((v) => !v)}
              aria-pressed={asTable}
            >
              {asTable ? 'Show as chart' : 'Show as table'}
            </Button>
          )}
        </Group>
        {empty ? (
          <Text c="dimmed" size="sm" py="lg" ta="center" data-testid="chart-empty">
            {empty}
          </Text>
        ) : asTable ? (
          <DataTableFallback table={table} caption={title} />
        ) : (
          <>
            <div aria-hidden style={{ minWidth: 0 }}>
              {children}
            </div>
            <VisuallyHidden>
              <DataTableFallback table={table} caption={title} scrolls={false} />
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
