import { previewPublicEvent } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

/** The event's public page as buyers will see it, for those who run it (404 for anyone else). */
export const publicEventPreviewQuery = (eventId: string) =>
  queryOptions({
    queryKey: publicEventKeys.preview({ eventId }),
    queryFn: async ({ signal }) =>
      (await http(previewPublicEvent, { query: { eventId }, signal, silent: true })).result,
    retry: false,
  });
