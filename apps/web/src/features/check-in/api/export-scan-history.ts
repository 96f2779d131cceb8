import { SCAN_HISTORY_EXPORT_PATH, type ScanHistoryExportQuery } from '@marquee/contract';
import { type DownloadedFile, type DownloadProgress, downloadFile } from '../../../lib/download-file';

/**
 * The history as a file (`SCAN_HISTORY_EXPORT_PATH`), with the screen's filters: the server streams
 * it, so progress can be shown while it arrives, and the caller's signal cancels it.
 */
export function downloadScanHistory(
  query: ScanHistoryExportQuery,
  options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<DownloadedFile> {
  return downloadFile(SCAN_HISTORY_EXPORT_PATH, query, {
    ...options,
    fallbackName: `scan-history.${query.format}`,
  });
}
