import type { PublicEvent } from '@marquee/contract';
import { AppError } from '../../../lib/errors.js';
import { publicEventDetail } from './public-event-detail.js';
import type { PublicEventDeps } from './public-event-summary.js';

/**
 * An event's public page as the server renders it for /e/<slug> (plugins/static-web.ts): the same read,
 * with the same access, as the public-event-detail call the page makes (public: anyone with the link),
 * so the page sent is the page the browser would have built. Null where that call answers 404: an
 * unknown address, a draft, a blocked or archived event.
 */
export async function publicEventPage(
  deps: PublicEventDeps & { releaseHolds: (now: Date) => Promise<void> },
  ref: string,
  now: Date,
): Promise<PublicEvent | null> {
  try {
    return await publicEventDetail(deps, ref, now);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
