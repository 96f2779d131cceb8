import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { EXPORT_PATH, type ExportQuery } from '@marquee/contract';
import { useEffect, useRef, useState } from 'react';
import { type DownloadProgress, downloadFile, saveFile } from '../../../lib/download-file';
import { HttpError } from '../../../lib/http';
import { toast } from '../../../lib/toasts';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; query: ExportQuery; progress: DownloadProgress }
  | { phase: 'failed'; query: ExportQuery; message: string };

const KIND_WORDS = { orders: 'orders', tickets: 'tickets', attendees: 'attendees' } as const;

/** "1,204 of 5,000 rows" for CSV; XLSX arrives zipped, so only its size can be told. */
export function progressText(progress: DownloadProgress): string {
  const total = progress.totalRows;
  // Nothing has arrived yet: the server is still starting the file.
  if (progress.bytes === 0 && total === null) return 'Preparing the file…';
  if (progress.rows !== null && total !== null) {
    const done = Math.min(progress.rows, total);
    return `${done.toLocaleString()} of ${total.toLocaleString()} rows`;
  }
  const size = `${(progress.bytes / 1024).toFixed(progress.bytes < 10_240 ? 1 : 0)} KB received`;
  return total !== null ? `${total.toLocaleString()} rows · ${size}` : size;
}

function percentOf(progress: DownloadProgress): number | null {
  if (progress.rows === null || progress.totalRows === null) return null;
  if (progress.totalRows === 0) return 100;
  return Math.min(100, Math.round((progress.rows / progress.totalRows) * 100));
}

/**
 * Exports (`EXPORT_PATH`): the file is streamed by the server and read here chunk by chunk, so a modal
 * shows how far it got (rows for CSV from the `x-total-rows` header, an indeterminate bar for XLSX) and
 * Cancel stops the transfer. Finished files are saved under the server's name.
 */
export function useExport() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops a running export rather than saving a file nobody waits for.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(query: ExportQuery) {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'running', query, progress: { bytes: 0, rows: null, totalRows: null } });
    try {
      const file = await downloadFile(EXPORT_PATH, query, {
        signal: own.signal,
        fallbackName: `${query.kind}.${query.format}`,
        onProgress: (progress) => {
          if (!own.signal.aborted) setState({ phase: 'running', query, progress });
        },
      });
      if (own.signal.aborted) return;
      saveFile(file);
      setState({ phase: 'idle' });
      toast.success(`Exported ${KIND_WORDS[query.kind]} to ${file.filename}`);
    } catch (error) {
      if (own.signal.aborted) return;
      const message =
        error instanceof HttpError || error instanceof Error ? error.message : 'The export failed';
      setState({ phase: 'failed', query, message });
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }

  const modal = <ExportModal state={state} onCancel={cancel} onRetry={(q) => void start(q)} />;
  return { start, cancel, modal, running: state.phase === 'running' };
}

function ExportModal({
  state,
  onCancel,
  onRetry,
}: {
  state: ExportState;
  onCancel: () => void;
  onRetry: (query: ExportQuery) => void;
}) {
  const open = state.phase !== 'idle';
  const title =
    state.phase === 'idle'
      ? ''
      : `Exporting ${KIND_WORDS[state.query.kind]} (${state.query.format.toUpperCase()})`;
  return (
    <Modal opened={open} onClose={onCancel} title={title} centered closeOnClickOutside={false}>
      {state.phase === 'running' && (
        <Stack gap="sm" data-testid="export-progress">
          <ProgressBar progress={state.progress} />
          <Text size="sm" aria-live="polite">
            {progressText(state.progress)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
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
            <Button variant="default" onClick={onCancel}>
              Close
            </Button>
            <Button onClick={() => onRetry(state.query)}>Retry</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ProgressBar({ progress }: { progress: DownloadProgress }) {
  const percent = percentOf(progress);
  if (percent === null) {
    // XLSX (or no row count): moving stripes say "working" without pretending to know how far.
    return <Progress value={100} striped animated aria-label="Export in progress" />;
  }
  return <Progress value={percent} aria-label="Export progress" aria-valuetext={`${percent}%`} />;
}
