import { IconTicket } from '@tabler/icons-react';
import { EventToolCard } from '../../../components/EventToolCard';
import { eventPromoCodesPath } from '../paths';

/** The event page's way to its promo codes. */
export function PromoCodesCard({ eventId }: { eventId: string }) {
  return (
    <EventToolCard
      id="promo-codes"
      title="Promo codes"
      description="Discounts and presale access: codes buyers enter on the event page or get in a link."
      to={eventPromoCodesPath(eventId)}
      action="Promo codes"
      icon={<IconTicket size={16} aria-hidden />}
    />
  );
}
