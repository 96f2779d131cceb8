import type { WaitingListQuery } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';
import { waitingListKeys } from './keys';

export const waitingListEntryListQuery = (query: WaitingListQuery) =>
  routeListQuery(waitingListKeys.list, query);
