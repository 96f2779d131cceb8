import { panelOrganizerEventDetail, waitingListEntryList, waitingListSummary } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const waitingListKeys = queryKeys('waiting-list', {
  list: waitingListEntryList,
  summary: waitingListSummary,
});

/** The event the list is about (its dates and ticket types), read under this feature's scope. */
export const waitingListRefKeys = queryKeys('waiting-list-refs', { event: panelOrganizerEventDetail });
