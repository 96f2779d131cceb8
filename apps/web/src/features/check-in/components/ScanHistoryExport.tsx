import { Button, Menu } from '@mantine/core';
import type { ScanHistoryExportQuery } from '@marquee/contract';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useFileExport } from '../../../components/use-file-export';
import { downloadScanHistory } from '../api/export-scan-history';

type Format = ScanHistoryExportQuery['format'];

const FORMAT_LABELS: Record<Format, string> = { csv: 'CSV', xlsx: 'Excel' };

/** "Export" with CSV and Excel: the history as the screen filters it, through the shared export modal. */
export function ScanHistoryExport({ filters }: { filters: Omit<ScanHistoryExportQuery, 'format'> }) {
  const exporter = useFileExport<ScanHistoryExportQuery>({
    download: downloadScanHistory,
    title: (query) => `Exporting the scan history (${FORMAT_LABELS[query.format]})`,
    successMessage: (_query, filename) => `Exported the scan history to ${filename}`,
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={exporter.running}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Menu.Item key={format} onClick={() => void exporter.start({ ...filters, format })}>
              {FORMAT_LABELS[format]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {exporter.modal}
    </>
  );
}
