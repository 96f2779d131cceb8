import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { DownloadedFile, DownloadProgress } from '../lib/download-file';
import { saveFile } from '../lib/download-file';
import { formatCount } from '../lib/intl';
import { toast } from '../lib/toasts';

/** How an export fetches its file (`downloadFile` with the export's path): cancellable, with progress. */
export type ExportDownload<Q> = (
  query: Q,
  transfer: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
) => Promise<DownloadedFile>;

type ExportState<Q> =
  | { phase: 'idle' }
  | { phase: 'running'; query: Q; progress: DownloadProgress }
  | { phase: 'failed'; query: Q; message: string };

/** "1,204 of 5,000 rows" for CSV; XLSX arrives zipped, so only its size can be told. */
function progressText(progress: DownloadProgress): string {
  const total = progress.totalRows;
  // Nothing has arrived yet: the server is still starting the file.
  if (progress.bytes === 0 && total === null) return 'Preparing the file…';
  if (progress.rows !== null && total !== null) {
    const done = Math.min(progress.rows, total);
    return `${formatCount(done)} of ${formatCount(total)} rows`;
  }
  const size = `${(progress.bytes / 1024).toFixed(progress.bytes < 10_240 ? 1 : 0)} KB received`;
  return total !== null ? `${formatCount(total)} rows · ${size}` : size;
}

function percentOf(progress: DownloadProgress): number | null {
  if (progress.rows === null || progress.totalRows === null) return null;
  if (progress.totalRows === 0) return 100;
  return Math.min(100, Math.round((progress.rows / progress.totalRows) * 100));
}

/**
 * A file export the server streams: read here chunk by chunk, so a modal shows how far it got (rows for
 * CSV from the `x-total-rows` header, an indeterminate bar for XLSX) and Cancel stops the transfer; a
 * failure says why and offers Retry. Finished files are saved under the server's name. The caller
 * renders `modal` and calls `start` from its export menu.
 */
export function useFileExport<Q>(options: {
  download: ExportDownload<Q>;
  /** The modal's title while it runs, e.g. "Exporting orders (CSV)". */
  title: (query: Q) => string;
  /** The toast once saved, e.g. "Exported orders to orders.csv". */
  successMessage: (query: Q, filename: string) => string;
}) {
  const [state, setState] = useState<ExportState<Q>>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops a running export rather than saving a file nobody waits for.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(query: Q) {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'running', query, progress: { bytes: 0, rows: null, totalRows: null } });
    try {
      const file = await options.download(query, {
        signal: own.signal,
        onProgress: (progress) => {
          if (!own.signal.aborted) setState({ phase: 'running', query, progress });
        },
      });
      if (own.signal.aborted) return;
      saveFile(file);
      setState({ phase: 'idle' });
      toast.success(options.successMessage(query, file.filename));
    } catch (error) {
      if (own.signal.aborted) return;
      const message = error instanceof Error ? error.message : 'The export failed';
      setState({ phase: 'failed', query, message });
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }

  const modal = (
    <ExportModal
      state={state}
      title={state.phase === 'idle' ? '' : options.title(state.query)}
      onCancel={cancel}
      onRetry={(query) => void start(query)}
    />
  );
  return { start, modal, running: state.phase === 'running' };
}

function ExportModal<Q>({
  state,
  title,
  onCancel,
  onRetry,
}: {
  state: ExportState<Q>;
  title: string;
  onCancel: () => void;
  onRetry: (query: Q) => void;
}) {
  return (
    <Modal
      opened={state.phase !== 'idle'}
      onClose={onCancel}
      title={title}
      centered
      closeOnClickOutside={false}
    >
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
