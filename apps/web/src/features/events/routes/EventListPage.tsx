import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionProfile } from '../../auth';
import { CreateEventButtons } from '../components/list/CreateEventButtons';
import { EventList } from '../components/list/EventList';

/** Organizers (approved) create events; members work on the ones they are given. */
export const canCreateEvents = (profile: { organizerRequest: string }) =>
  profile.organizerRequest === 'APPROVED';

/** `/event-management`: every event the caller may see (administrators: all of them). */
export function EventListPage() {
  const profile = useSessionProfile();
  const isAdmin = profile.role === 'ADMIN';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Event management"
        description={
          isAdmin
            ? "Every organization's events, with moderation."
            : 'The events of your organizations and the ones you work on.'
        }
        actions={canCreateEvents(profile) && <CreateEventButtons />}
      />
      <EventList />
    </Stack>
  );
}

export default EventListPage;
