import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { organizationPath, PATHS } from '../../../app/paths';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionProfile } from '../../auth';
import { organizationNameQuery } from '../api/event-list';
import { CreateEventButtons } from '../components/list/CreateEventButtons';
import { EventList } from '../components/list/EventList';
import { canCreateEvents } from './EventListPage';

/** `/event-management/organizations/:organizationId`: the event list fixed to one organization. */
export function OrganizationEventsPage() {
  const { organizationId = '' } = useParams();
  const profile = useSessionProfile();
  const organization = useQuery(organizationNameQuery(organizationId));
  const name = organization.data?.name;
  return (
    <Stack gap="lg">
      <PageHeader
        title={name ? `Events of ${name}` : 'Organization events'}
        back={{ to: PATHS.eventManagement, label: 'event management' }}
        description={
          name && (
            <Anchor component={Link} to={organizationPath(organizationId)}>
              {`Organization: ${name}`}
            </Anchor>
          )
        }
        actions={canCreateEvents(profile) && organization.data?.access !== 'MEMBER' && <CreateEventButtons />}
      />
      <EventList organizationId={organizationId} />
    </Stack>
  );
}

export default OrganizationEventsPage;
