import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { subcategoryKeys } from './keys';

export const useSubcategoryList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(subcategoryKeys.list, query));
