import type { PublicEvent } from '@marquee/contract';
import type { QueryClient } from '@tanstack/react-query';
import { publicEventQuery } from './api/public-event-detail';

/** The public event pages' entry for other features: their addresses (the console links to them). */
export { previewEventPath, publicEventPath } from './paths';

/** Puts an event's public-event-detail answer where its page reads it (the server-rendered page). */
export function seedPublicEvent(queryClient: QueryClient, ref: string, event: PublicEvent) {
  queryClient.setQueryData(publicEventQuery(ref).queryKey, event);
}
