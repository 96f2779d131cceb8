import { routeQuery } from '../../../lib/api-hooks';
import { payoutKeys } from './keys';

export const organizationBalanceQuery = (organizationId: string) =>
  routeQuery(payoutKeys.balance, { organizationId });
