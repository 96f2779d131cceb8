import { routeListQuery } from '../../../lib/api-hooks';
import { refundKeys } from './keys';

export const refundRequestListQuery = (query: Record<string, unknown>) =>
  routeListQuery(refundKeys.requests, query);
