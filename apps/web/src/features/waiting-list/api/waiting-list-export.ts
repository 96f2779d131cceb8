import { waitingListExport } from '@marquee/contract';
import { downloadFile, saveFile } from '../../../lib/download-file';

/** The event's waiting list as CSV, saved as a file. */
export async function downloadWaitingList(eventId: string) {
  saveFile(await downloadFile(waitingListExport.path, { eventId }, { fallbackName: 'waiting-list.csv' }));
}
