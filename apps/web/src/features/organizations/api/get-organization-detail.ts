import { routeQuery } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const organizationDetailQuery = (organizationId: string) =>
  routeQuery(organizationKeys.detail, { organizationId });
