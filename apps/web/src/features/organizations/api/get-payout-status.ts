import { getPayoutStatus } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const payoutStatusQuery = (organizationId: string) => routeQuery(getPayoutStatus, { organizationId });
