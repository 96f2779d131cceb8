import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { organizationPath, PATHS } from '../../../app/paths';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/http';
import { useMayAccess } from '../../auth';
import { organizationNameQuery } from '../api/get-organization-detail';
import { CreateEventButtons } from '../components/list/CreateEventButtons';
import { EventList } from '../components/list/EventList';

/** `/event-management/organizations/:organizationId`: the event list fixed to one organization. */
export function OrganizationEventsPage() {
  const { organizationId = '' } = useParams();
  const canCreate = useMayAccess('approved-organizer');
  const organization = useQuery(organizationNameQuery(organizationId));
  const name = organization.data?.name;
  // An organization the caller may not see is not found, like any other id of theirs it is not.
  if (organization.error instanceof HttpError && organization.error.status === 404)
    return <NotFoundMessage />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={name ? `Events of ${name}` : 'Organization events'}
        back={{ to: PATHS.eventManagement, label: 'event management' }}
        description={
          name && (
            <Anchor component={Link} to={organizationPath(organizationId)}>
              Open the organization's profile
            </Anchor>
          )
        }
        actions={canCreate && organization.data?.access !== 'MEMBER' && <CreateEventButtons />}
      />
      <EventList organizationId={organizationId} />
    </Stack>
  );
}

export default OrganizationEventsPage;
