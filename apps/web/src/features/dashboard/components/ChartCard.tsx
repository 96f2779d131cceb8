import { Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { ListError } from '../../../components/ListError';
import { useLoadedComponentState } from '../../../lib/use-loaded-component';

// Mantine's table comes with its scroll container, whose ScrollArea imports Floating UI (~20 kB gzip):
// loaded when someone asks for the table, not with the dashboard's first paint (docs/performance.md,
// "Why the dashboard's LCP sits at 3.5 s").
const loadDataTable = () => import('./ChartDataTable').then((m) => m.ChartDataTable);

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** Why a table's code did not come: the only cause a user can act on is the connection. */
const NOT_FETCHED = new Error('Check your connection.');

/**
 * The numbers as a table on screen, once its code has come (a moment after "Show as table"). When the code
 * cannot be fetched (offline), it says so with Retry, as a failed list does; it also tries again by itself.
 */
function ShownTable({ table, caption }: { table: ChartTable; caption: string }) {
  const { component: DataTable, failed, retry } = useLoadedComponentState(loadDataTable, true);
  if (DataTable) return <DataTable table={table} caption={caption} />;
  if (failed) return <ListError label={`The table of ${caption}`} error={NOT_FETCHED} onRetry={retry} />;
  return <Loader size="sm" aria-label={`Loading the table of ${caption}`} />;
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
          <ShownTable table={table} caption={title} />
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
