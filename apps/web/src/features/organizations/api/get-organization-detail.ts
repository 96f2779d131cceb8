import { getOrganizationDetail } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const organizationDetailQuery = (organizationId: string) =>
  routeQuery(getOrganizationDetail, { organizationId });
