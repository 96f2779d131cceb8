import { IconHourglass } from '@tabler/icons-react';
import { EventToolCard } from '../../../components/EventToolCard';
import { eventWaitingListPath } from '../paths';

/** The event page's way to its waiting list. */
export function WaitingListCard({ eventId }: { eventId: string }) {
  return (
    <EventToolCard
      id="waiting-list"
      title="Waiting list"
      description="Buyers wait for sold-out tickets; seats that come back are offered to them in order."
      to={eventWaitingListPath(eventId)}
      action="Waiting list"
      icon={<IconHourglass size={16} aria-hidden />}
    />
  );
}
