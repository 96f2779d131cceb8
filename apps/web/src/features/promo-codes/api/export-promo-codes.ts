import { exportPromoCodes } from '@marquee/contract';
import { downloadFile, saveFile } from '../../../lib/download-file';

/** Downloads the event's codes (or one bulk creation's) as CSV and hands the file to the browser. */
export async function downloadPromoCodes(eventId: string, batchId?: string) {
  const file = await downloadFile(exportPromoCodes.path, batchId ? { eventId, batchId } : { eventId }, {
    fallbackName: 'promo-codes.csv',
  });
  saveFile(file);
}
