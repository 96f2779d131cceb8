import { getScanHistory } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** The scan history's reads: its own scope, since the door screen never shows it. */
export const scanHistoryKeys = queryKeys('scan-history', { list: getScanHistory });

/** One page of `get-scan-history` from the screen's URL state (the server checks the values). */
export const scanHistoryQuery = (query: Record<string, unknown>) =>
  routeListQuery(scanHistoryKeys.list, query);
