import { EXPORT_PATH, type ExportQuery } from '@marquee/contract';
import { useFileExport } from '../../../components/use-file-export';
import { downloadFile } from '../../../lib/download-file';

const KIND_WORDS = { orders: 'orders', tickets: 'tickets', attendees: 'attendees' } as const;

/** The orders screens' exports (`EXPORT_PATH`), shown in progress by the shared export modal. */
export function useExport() {
  return useFileExport<ExportQuery>({
    download: (query, transfer) =>
      downloadFile(EXPORT_PATH, query, { ...transfer, fallbackName: `${query.kind}.${query.format}` }),
    title: (query) => `Exporting ${KIND_WORDS[query.kind]} (${query.format.toUpperCase()})`,
    successMessage: (query, filename) => `Exported ${KIND_WORDS[query.kind]} to ${filename}`,
  });
}
