import type { RecipientCountQuery } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';
import { attendeeMessageKeys } from './keys';

/** The count keeps the previous figure on screen while the next audience is counted. */
export const recipientCountQuery = (query: RecipientCountQuery) =>
  routeListQuery(attendeeMessageKeys.count, query);
