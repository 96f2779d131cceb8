import { routeQuery } from '../../../lib/api-hooks';
import { payoutKeys } from './keys';

export const payoutStatusQuery = (organizationId: string) =>
  routeQuery(payoutKeys.status, { organizationId });
