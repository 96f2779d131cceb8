import { Button, Menu } from '@mantine/core';
import type { ExportQuery } from '@marquee/contract';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';

export type ExportKind = ExportQuery['kind'];
export type ExportFormat = ExportQuery['format'];

const KIND_LABELS: Record<ExportKind, string> = {
  orders: 'Orders',
  tickets: 'Tickets',
  attendees: 'Attendees',
};

/**
 * Export everything a screen lists (its filters included) as CSV or XLSX; `kinds` says which lists it
 * offers. The file itself is made and shown in progress by `useExport`.
 */
export function ExportMenu({
  kinds,
  filters,
  onExport,
  disabled,
}: {
  kinds: readonly ExportKind[];
  filters: Omit<ExportQuery, 'kind' | 'format'>;
  onExport: (query: ExportQuery) => void;
  disabled?: boolean;
}) {
  const formats: ExportFormat[] = ['csv', 'xlsx'];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {kinds.flatMap((kind) =>
          formats.map((format) => (
            <Menu.Item key={`${kind}-${format}`} onClick={() => onExport({ ...filters, kind, format })}>
              {`${KIND_LABELS[kind]} as ${format.toUpperCase()}`}
            </Menu.Item>
          )),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
