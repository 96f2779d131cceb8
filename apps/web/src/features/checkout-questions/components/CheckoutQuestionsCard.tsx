import { IconForms } from '@tabler/icons-react';
import { EventToolCard } from '../../../components/EventToolCard';
import { eventCheckoutQuestionsPath } from '../paths';

/** The event page's way to the questions buyers answer at checkout. */
export function CheckoutQuestionsCard({ eventId }: { eventId: string }) {
  return (
    <EventToolCard
      id="checkout-questions"
      title="Checkout questions"
      description="Ask buyers per order or per ticket: dietary needs, sizes, consent; and each attendee's name or email."
      to={eventCheckoutQuestionsPath(eventId)}
      action="Checkout questions"
      icon={<IconForms size={16} aria-hidden />}
    />
  );
}
