import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { reasonKeys } from './keys';

export const useReasonList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(reasonKeys.list, query));
