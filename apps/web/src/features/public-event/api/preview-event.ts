import { previewEvent } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

/**
 * An event as buyers will see it, for its organizers (a draft before it is published). Silent: the
 * page says what went wrong itself (not found for anyone else, a Retry).
 */
export const previewEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: publicEventKeys.preview({ eventId }),
    queryFn: async ({ signal }) =>
      (await http(previewEvent, { query: { eventId }, signal, silent: true })).result,
    retry: false,
  });
