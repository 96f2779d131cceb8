import { Table } from '@mantine/core';
import type { ChartTable } from './ChartCard';

/** The numbers as a table on screen ("Show as table"): a narrow card scrolls it, reachable by keyboard. */
export function ChartDataTable({ table, caption }: { table: ChartTable; caption: string }) {
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
