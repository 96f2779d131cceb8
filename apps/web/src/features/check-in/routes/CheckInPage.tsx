import { Button, Select, Stack, Tabs, Text } from '@mantine/core';
import type { CheckInEvent } from '@marquee/contract';
import { zoneLabel } from '@marquee/time';
import { IconHistory, IconListSearch, IconScan } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToastsAtTop } from '../../../lib/toasts';
import { checkInCountsQuery } from '../api/check-in-counts';
import { useCheckInEvent } from '../api/check-in-event-list';
import { checkInKeys } from '../api/keys';
import { keepReaderForOffline } from '../camera/decoder';
import { AttendeeList } from '../components/AttendeeList';
import { CheckInCountsPanel } from '../components/CheckInCountsPanel';
import { ConflictsAlert } from '../components/ConflictsAlert';
import { dateLabel, eventZone, isToday } from '../components/event-dates';
import { NetworkBar } from '../components/NetworkBar';
import { ScanPanel } from '../components/ScanPanel';
import { type DoorResult, getDeviceId, useDoorScanner } from '../door';
import { mergeConflicts } from '../live/conflicts';
import { useCheckInLive } from '../live/use-check-in-live';
import { checkInPickerPath, scanHistoryPath } from '../paths';

type CheckInTab = 'scan' | 'attendees';

/** Counts are read again this often while the live stream is down (it pushes them otherwise). */
const COUNTS_POLL_MS = 15_000;
/** The camera's reader is fetched for offline use this long after the door opens, after its own first calls. */
const KEEP_READER_AFTER_MS = 3_000;

/** The date to check in: the one in the address when it is the event's, else the event's default. */
function occurrenceOf(event: CheckInEvent, asked: string | null): string | null {
  if (asked && event.occurrences.some((o) => o._id === asked)) return asked;
  return event.defaultOccurrenceId ?? event.occurrences[0]?._id ?? null;
}

/** A date in the Date select and the conflicts: today's says so. */
function dateChoice(startsAt: string, zone: string): string {
  return `${dateLabel(startsAt, zone)}${isToday(startsAt, zone) ? ' (today)' : ''}`;
}

/**
 * `/orders/events/:eventId/check-in?date=<occurrenceId>` (check-in-and-scanning): the door of one date.
 * Scan with the camera or a typed code, or find people in the attendee list; counts are live.
 */
export function CheckInPage() {
  const { eventId = '' } = useParams();
  const event = useCheckInEvent(eventId);
  // On a phone the door's controls fill the lower half, where toasts would sit.
  useToastsAtTop();

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.data === null) return <NotFoundMessage />;
  if (!event.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Check-in" back={{ to: checkInPickerPath({ list: true }), label: 'check-in' }} />
        <ListError label="Event" error={event.error} onRetry={event.refetch} />
      </Stack>
    );
  }
  return <EventCheckIn event={event.data} />;
}

function EventCheckIn({ event }: { event: CheckInEvent }) {
  const [params, setParams] = useSearchParams();
  const occurrenceId = occurrenceOf(event, params.get('date'));
  const zone = eventZone(event);
  const header = (
    <PageHeader
      title={event.title}
      back={{ to: checkInPickerPath({ list: true }), label: 'check-in' }}
      description={`${event.organization.name} · times in ${zoneLabel(zone)}`}
      actions={
        <Button
          variant="default"
          component={Link}
          to={scanHistoryPath(event._id, occurrenceId)}
          leftSection={<IconHistory size={16} aria-hidden />}
        >
          Scan history
        </Button>
      }
    />
  );
  if (!occurrenceId) {
    return (
      <Stack gap="lg">
        {header}
        <Text c="dimmed">This event has no dates to check in.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {header}
      {event.occurrences.length > 1 && (
        <Select
          label="Date"
          data={event.occurrences.map((o) => ({ value: o._id, label: dateChoice(o.startsAt, zone) }))}
          value={occurrenceId}
          allowDeselect={false}
          maw={420}
          size="md"
          styles={{ input: { minHeight: 44 } }}
          onChange={(value) => {
            if (!value) return;
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('date', value);
                next.delete('page');
                return next;
              },
              { replace: true },
            );
          }}
        />
      )}
      {/* A new date is a new door: its own scanner state, stream, banner and selection. */}
      <DateCheckIn
        key={occurrenceId}
        event={event}
        occurrenceId={occurrenceId}
        zone={zone}
        tab={params.get('tab') === 'attendees' ? 'attendees' : 'scan'}
        onTab={(tab) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (tab === 'scan') next.delete('tab');
              else next.set('tab', tab);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Stack>
  );
}

function DateCheckIn({
  event,
  occurrenceId,
  zone,
  tab,
  onTab,
}: {
  event: CheckInEvent;
  occurrenceId: string;
  zone: string;
  tab: CheckInTab;
  onTab: (tab: CheckInTab) => void;
}) {
  const eventId = event._id;
  const queryClient = useQueryClient();
  const door = useDoorScanner({ eventId, occurrenceId });
  const live = useCheckInLive({ eventId, occurrenceId });
  const counts = useQuery({
    ...checkInCountsQuery(eventId, occurrenceId),
    refetchInterval: live.state === 'live' ? false : COUNTS_POLL_MS,
  });
  const deviceId = getDeviceId();
  // The camera reads tickets offline too, even on a device whose camera was not started online.
  useEffect(() => {
    if (!door.online) return;
    const timer = setTimeout(() => void keepReaderForOffline(), KEEP_READER_AFTER_MS);
    return () => clearTimeout(timer);
  }, [door.online]);
  const conflicts = mergeConflicts(live.conflicts, door.conflicts, deviceId, occurrenceId);

  // The stream pushes counts and list changes; without it this screen refreshes them itself.
  const onDecided = useCallback(
    (result: DoorResult) => {
      // Decided offline: the server learns of it when the queue syncs.
      if (live.state === 'live' || result.offline) return;
      void queryClient.invalidateQueries({ queryKey: checkInKeys.counts.all });
      void queryClient.invalidateQueries({ queryKey: checkInKeys.attendees.all });
    },
    [live.state, queryClient],
  );

  return (
    <Stack gap="md">
      <NetworkBar door={door} zone={zone} />
      <ConflictsAlert
        conflicts={conflicts}
        zone={zone}
        dateOf={(id) => {
          const date = id === occurrenceId ? null : event.occurrences.find((o) => o._id === id);
          return date ? dateChoice(date.startsAt, zone) : null;
        }}
        historyPath={scanHistoryPath(eventId, occurrenceId)}
      />
      {/* Offline with nothing read before on this device, the panel says the counts come back with the network. */}
      {counts.isError && !counts.data && door.online ? (
        <ListError label="Counts" error={counts.error} onRetry={() => void counts.refetch()} />
      ) : (
        <CheckInCountsPanel
          counts={counts.data}
          live={live.state}
          online={door.online}
          zone={zone}
          waiting={door.queuedAdmissions}
        />
      )}
      <Tabs value={tab} onChange={(value) => onTab(value === 'attendees' ? 'attendees' : 'scan')}>
        <Tabs.List>
          <Tabs.Tab value="scan" leftSection={<IconScan size={18} aria-hidden />} fz="md" py="sm" px="lg">
            Scan
          </Tabs.Tab>
          <Tabs.Tab
            value="attendees"
            leftSection={<IconListSearch size={18} aria-hidden />}
            fz="md"
            py="sm"
            px="lg"
          >
            Attendees
          </Tabs.Tab>
        </Tabs.List>
        {/* Only the open tab is mounted: leaving Scan turns the camera off. */}
        <Tabs.Panel value="scan" pt="md">
          {tab === 'scan' && <ScanPanel door={door} zone={zone} onDecided={onDecided} />}
        </Tabs.Panel>
        <Tabs.Panel value="attendees" pt="md">
          {tab === 'attendees' && (
            <AttendeeList
              eventId={eventId}
              occurrenceId={occurrenceId}
              zone={zone}
              counts={counts.data}
              deviceId={deviceId}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default CheckInPage;
