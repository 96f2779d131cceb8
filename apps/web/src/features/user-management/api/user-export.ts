import { USER_EXPORT_PATH, type UserExportQuery } from '@marquee/contract';
import { useFileExport } from '../../../components/use-file-export';
import { downloadFile } from '../../../lib/download-file';

/** The user list's export (CSV or XLSX) with its filters, shown in progress by the shared modal. */
export function useUserExport() {
  return useFileExport<UserExportQuery>({
    download: (query, transfer) =>
      downloadFile(USER_EXPORT_PATH, query, { ...transfer, fallbackName: `users.${query.format}` }),
    title: (query) => `Exporting users (${query.format.toUpperCase()})`,
    successMessage: (_query, filename) => `Exported users to ${filename}`,
  });
}
