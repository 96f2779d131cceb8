import { Alert, Button, Grid, Stack, Text } from '@mantine/core';
import { EVENT_ROLE_LABELS } from '@marquee/contract';
import { IconBan, IconInfoCircle, IconScan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { AttendeeMessagesCard, CancellationMessageButton, DateChangeNotice } from '../../attendee-messages';
import { useMayAccess } from '../../auth';
import { eventCheckInPath } from '../../check-in/paths';
import { CheckoutQuestionsCard } from '../../checkout-questions';
import { PromoCodesCard } from '../../promo-codes';
import { WaitingListCard } from '../../waiting-list';
import { eventDetailQuery } from '../api/panel-organizer-event-detail';
import { eventHeaderQuery } from '../api/partially-event-detail';
import { EventActionBar } from '../components/details/EventActionBar';
import { EventHeaderCard } from '../components/details/EventHeaderCard';
import { eventWhen } from '../components/details/event-time';
import { OccurrenceList } from '../components/details/OccurrenceList';
import { ShareEventCard } from '../components/details/ShareEventCard';
import { TicketTypeList } from '../components/details/TicketTypeList';
import { EventTeamSection } from '../components/team/EventTeamSection';
import { EVENT_PATHS, eventDetailsPath } from '../paths';

const BACK = { to: EVENT_PATHS.eventManagement, label: 'event management' };

/** When it was cancelled, on the event's own clock like every other time of the page. */
export function cancelledWhen(cancelledAt: string, timeZone: string | null): string {
  const when = eventWhen(cancelledAt, null, timeZone);
  return when ? `Cancelled ${when.dates} at ${when.times}, ${when.zone}` : 'Cancelled';
}

/** Dates the edit that led here moved (EventForm passes them in the navigation's state). */
function movedDateIds(state: unknown): string[] {
  const ids = (state as { movedDates?: unknown } | null)?.movedDates;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * A blocked event is off the marketplace and its organizers can no longer change it: said up front,
 * rather than only in the refusal after trying.
 */
function BlockedNotice({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Alert color="red" icon={<IconBan />} title="Blocked by the platform" data-testid="blocked">
      <Text size="sm">
        {isAdmin
          ? 'Buyers cannot see or book it, and it cannot be edited or change status until you unblock it (More actions).'
          : 'Buyers cannot see or book it, and it can no longer be edited or change status. Contact the platform administrators if you think this is a mistake.'}
      </Text>
    </Alert>
  );
}

/**
 * `/event-management/:eventId` and `/event-management/classes/:eventId` (`?classId=` highlights a
 * session). The header (`partially-event-detail`) comes first: scanners may read only that, and the
 * full detail (which answers 404 to them) is asked for everyone else.
 */
export function EventDetailsPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const isAdmin = useMayAccess('admin');
  const header = useQuery(eventHeaderQuery(eventId));
  const scanner = header.data?.myRole === 'SCANNER';
  const detail = useQuery({ ...eventDetailQuery(eventId), enabled: header.isSuccess && !scanner });

  if (header.isPending) return <PageLoader />;
  if (!header.data) return <NotFoundMessage />;
  const event = detail.data ?? header.data;
  // A class lives under `classes/`, other kinds under the plain path: a link with the wrong one is moved.
  const canonical = eventDetailsPath(event._id, event.kind);
  if (location.pathname !== canonical) return <Navigate replace to={`${canonical}${location.search}`} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={event.title}
        back={BACK}
        description={`You are: ${EVENT_ROLE_LABELS[event.myRole]}`}
        actions={detail.data && <EventActionBar event={detail.data} isAdmin={isAdmin} />}
      />
      <EventHeaderCard
        event={event}
        linkOrganization={event.myRole === 'OWNER' || event.myRole === 'ADMIN'}
      />
      {scanner ? (
        <Alert icon={<IconInfoCircle />} color="blue" title="You scan tickets for this event">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Admit ticket holders at the door from the check-in screen.</Text>
            <Button component={Link} to={eventCheckInPath(event._id)} leftSection={<IconScan size={16} />}>
              Open check-in
            </Button>
          </Stack>
        </Alert>
      ) : detail.isPending ? (
        <PageLoader label="Loading the event" />
      ) : detail.error || !detail.data ? (
        <ListError label="Event" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Stack gap="lg">
          {detail.data.isBlocked && <BlockedNotice isAdmin={isAdmin} />}
          {detail.data.cancellation && (
            <Alert color="red" title="This event is cancelled" data-testid="cancellation">
              <Text size="sm">{`Reason: ${detail.data.cancellation.reason}`}</Text>
              {detail.data.cancellation.note && (
                <Text size="sm">{`Note: ${detail.data.cancellation.note}`}</Text>
              )}
              <Text size="xs">
                {cancelledWhen(detail.data.cancellation.cancelledAt, detail.data.timeZone)}
              </Text>
              <CancellationMessageButton eventId={detail.data._id} />
            </Alert>
          )}
          <DateChangeNotice event={detail.data} occurrenceIds={movedDateIds(location.state)} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                {detail.data.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {detail.data.description}
                  </Text>
                )}
                <OccurrenceList event={detail.data} highlightId={params.get('classId')} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                {!detail.data.isBlocked && detail.data.status !== 'CANCELLED' && (
                  <ShareEventCard event={detail.data} />
                )}
                <TicketTypeList event={detail.data} />
                <EventTeamSection
                  event={detail.data}
                  canEdit={detail.data.myRole === 'OWNER' || detail.data.myRole === 'ADMIN'}
                />
                {detail.data.status !== 'DRAFT' && <AttendeeMessagesCard eventId={detail.data._id} />}
                {detail.data.status !== 'CANCELLED' && <CheckoutQuestionsCard eventId={detail.data._id} />}
                {detail.data.status !== 'DRAFT' && <WaitingListCard eventId={detail.data._id} />}
                <PromoCodesCard eventId={detail.data._id} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}

export default EventDetailsPage;
