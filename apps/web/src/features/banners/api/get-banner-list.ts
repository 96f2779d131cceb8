import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { bannerKeys } from './keys';

export const useBannerList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(bannerKeys.list, query));
