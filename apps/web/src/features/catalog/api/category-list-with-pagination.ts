import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { categoryKeys } from './keys';

export const useCategoryList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(categoryKeys.list, query));
