import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useMayAccess } from '../../auth';
import { CreateEventButtons } from '../components/list/CreateEventButtons';
import { EventList } from '../components/list/EventList';

/** `/event-management`: every event the caller may see (administrators: all of them). */
export function EventListPage() {
  const isAdmin = useMayAccess('admin');
  // Organizers (approved) create events; members work on the ones they are given.
  const canCreate = useMayAccess('approved-organizer');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Event management"
        description={
          isAdmin
            ? "Every organization's events, with moderation."
            : 'The events of your organizations and the ones you work on.'
        }
        actions={canCreate && <CreateEventButtons />}
      />
      <EventList />
    </Stack>
  );
}

export default EventListPage;
