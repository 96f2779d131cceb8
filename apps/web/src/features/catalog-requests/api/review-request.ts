import { useRouteMutation } from '../../../lib/api-hooks';
import { QUEUES, type RequestQueue } from './keys';

export const useReviewRequest = (queue: RequestQueue) =>
  useRouteMutation(QUEUES[queue].review, { invalidates: QUEUES[queue].invalidates });
