import { getReasonList, type ReasonKind } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';

// The reasons feature only exports its management hooks; the pickers read the active reasons of a kind.
const reasonOptionKeys = queryKeys('event-reasons', { options: getReasonList });

/** Active reasons of one kind (EVENT_REPORT, EVENT_CANCEL) for the report and cancel dialogs. */
export const reasonOptionsQuery = (kind: ReasonKind) => routeQuery(reasonOptionKeys.options, { kind });
