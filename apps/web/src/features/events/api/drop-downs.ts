import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** Everything the event form's pickers need, in one call. */
export const dropDownsQuery = () => routeQuery(eventKeys.dropDowns);
