import { routeQuery } from '../../../lib/api-hooks';
import { organizationRefKeys } from './keys';

export const organizationNameQuery = (organizationId: string) =>
  routeQuery(organizationRefKeys.detail, { organizationId });
