import { Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import type { ScanHistoryExportQuery } from '@marquee/contract';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { DownloadProgress } from '../../../lib/download-file';
import { saveFile } from '../../../lib/download-file';
import { toast } from '../../../lib/toasts';
import { downloadScanHistory } from '../api/export-scan-history';

type Format = ScanHistoryExportQuery['format'];
type Filters = Omit<ScanHistoryExportQuery, 'format'>;

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; query: ScanHistoryExportQuery; progress: DownloadProgress }
  | { phase: 'failed'; query: ScanHistoryExportQuery; message: string };

const FORMAT_LABELS: Record<Format, string> = { csv: 'CSV', xlsx: 'Excel' };

/** "120 of 480 rows" for CSV; Excel arrives zipped, so only its size can be told. */
function progressText({ bytes, rows, totalRows }: DownloadProgress): string {
  if (bytes === 0 && totalRows === null) return 'Preparing the file…';
  if (rows !== null && totalRows !== null) return `${Math.min(rows, totalRows)} of ${totalRows} rows`;
  const size = `${(bytes / 1024).toFixed(1)} KB received`;
  return totalRows !== null ? `${totalRows} rows · ${size}` : size;
}

/**
 * "Export" with CSV and Excel: the history as the screen filters it, streamed by the server and shown
 * in progress (Cancel stops it); a failure says why and offers Retry.
 */
export function ScanHistoryExport({ filters }: { filters: Filters }) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops a running export rather than saving a file nobody waits for.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(query: ScanHistoryExportQuery) {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'running', query, progress: { bytes: 0, rows: null, totalRows: null } });
    try {
      const file = await downloadScanHistory(query, {
        signal: own.signal,
        onProgress: (progress) => {
          if (!own.signal.aborted) setState({ phase: 'running', query, progress });
        },
      });
      if (own.signal.aborted) return;
      saveFile(file);
      setState({ phase: 'idle' });
      toast.success(`Exported the scan history to ${file.filename}`);
    } catch (error) {
      if (own.signal.aborted) return;
      setState({
        phase: 'failed',
        query,
        message: error instanceof Error ? error.message : 'The export failed',
      });
    }
  }

  function close() {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }

  const title =
    state.phase === 'idle' ? '' : `Exporting the scan history (${FORMAT_LABELS[state.query.format]})`;
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={state.phase === 'running'}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Menu.Item key={format} onClick={() => void start({ ...filters, format })}>
              {FORMAT_LABELS[format]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={state.phase !== 'idle'}
        onClose={close}
        title={title}
        centered
        closeOnClickOutside={false}
      >
        {state.phase === 'running' && (
          <Stack gap="sm" data-testid="export-progress">
            <Progress value={100} striped animated aria-label="Export in progress" />
            <Text size="sm" aria-live="polite">
              {progressText(state.progress)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
        {state.phase === 'failed' && (
          <Stack gap="sm">
            <Text size="sm" c="red.8" role="alert">
              {`The export failed: ${state.message}`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={() => void start(state.query)}>Retry</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
