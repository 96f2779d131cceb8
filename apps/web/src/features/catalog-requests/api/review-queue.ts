import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { QUEUES, type RequestQueue } from './keys';

export const useReviewQueue = (queue: RequestQueue, query: Record<string, unknown>) =>
  useQuery(routeListQuery(QUEUES[queue].key, query));
