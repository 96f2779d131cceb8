import type { PublicEvent, PublicOccurrence } from '@marquee/contract';
import type { TypeAvailability } from './checkout';

/**
 * Whether a ticket type offers its waiting list: sold out on a date that is otherwise on sale (or sold
 * out as a whole), not in a preview and not for a cancelled event.
 */
export function offersWaitingList(
  event: Pick<PublicEvent, 'status'>,
  occurrence: PublicOccurrence | null,
  availability: TypeAvailability,
): boolean {
  if (!occurrence || event.status !== 'PUBLISHED') return false;
  if (occurrence.salesState !== 'ON_SALE' && occurrence.salesState !== 'SOLD_OUT') return false;
  return availability.remaining <= 0 && (!availability.onSale || occurrence.salesState === 'SOLD_OUT');
}
