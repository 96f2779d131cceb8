import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** The numbers as a table on screen ("Show as table"): a narrow card scrolls it, reachable by keyboard. */
function DataTableFallback({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <Table.ScrollContainer
      minWidth={280}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': caption } }}
    >
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
    </Table.ScrollContainer>
  );
}

/**
 * The same numbers for assistive technology while the chart is drawn (visually hidden): plain elements,
 * since nobody sees them and Mantine's table would cost a component per cell on the screen's first paint.
 */
function HiddenTable({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <table data-testid="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((cell, i) => (
              <td key={table.columns[i]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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
              <HiddenTable table={table} caption={title} />
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
