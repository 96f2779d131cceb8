import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { catalogRequestKeys } from './keys';

export const useMyCatalogRequests = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(catalogRequestKeys.mine, query));
