import { getWaitingListEntry } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const waitingListKeys = queryKeys('public-waiting-list', { entry: getWaitingListEntry });
