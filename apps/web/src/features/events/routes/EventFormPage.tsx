import { Alert, Button, Stack } from '@mantine/core';
import { EVENT_MESSAGES, type EventKind } from '@marquee/contract';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { availabilityQuery } from '../api/availability';
import { dropDownsQuery } from '../api/drop-downs';
import { eventDetailQuery } from '../api/panel-organizer-event-detail';
import { EventForm } from '../components/form/EventForm';
import { EVENT_PATHS, eventDetailsPath } from '../paths';

const TITLES: Record<EventKind, string> = {
  SINGLE: 'Create event',
  MULTI: 'Create multi event',
  CLASS: 'Create class',
};

/** Where a new draft of this kind is resumed (the create screen with `?draft=`). */
function resumePath(kind: EventKind, eventId: string) {
  const draft = `draft=${encodeURIComponent(eventId)}`;
  if (kind === 'CLASS') return `${EVENT_PATHS.classCreatorEvent}?${draft}`;
  return kind === 'MULTI'
    ? `${EVENT_PATHS.createEvent}?kind=MULTI&${draft}`
    : `${EVENT_PATHS.createEvent}?${draft}`;
}

/**
 * create-event (`?kind=MULTI`, `?draft=<id>`), class-creator-event, edit-event and edit-class-event: one
 * page and one form for every kind. Editing a published event first asks the server whether it may be
 * edited and says why not instead of showing a form that could not be saved.
 */
export function EventFormPage() {
  const { eventId: editId } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const routeId = editId ?? search.get('draft') ?? undefined;
  const routeKind: EventKind = pathname.startsWith('/event-management/classes/')
    ? 'CLASS'
    : search.get('kind') === 'MULTI'
      ? 'MULTI'
      : 'SINGLE';

  // A draft this form just saved moves the URL to its resume address; the form stays as it is.
  const adopted = useRef<string | null>(null);
  const [formKey, setFormKey] = useState(routeId ?? 'new');
  useEffect(() => {
    if ((routeId ?? 'new') !== formKey && routeId !== adopted.current) setFormKey(routeId ?? 'new');
  }, [routeId, formKey]);

  const options = useQuery(dropDownsQuery());
  const detail = useQuery({ ...eventDetailQuery(routeId ?? ''), enabled: !!routeId });
  const event = detail.data;
  const checkEdit = !!editId && !!event && event.status !== 'DRAFT';
  const availability = useQuery({ ...availabilityQuery(editId ?? ''), enabled: checkEdit });

  const kind = event?.kind ?? routeKind;
  const header = event
    ? event.status === 'DRAFT'
      ? {
          title: `Draft: ${event.title}`,
          back: { to: eventDetailsPath(event._id, kind), label: event.title },
        }
      : { title: `Edit ${event.title}`, back: { to: eventDetailsPath(event._id, kind), label: event.title } }
    : { title: TITLES[kind], back: { to: EVENT_PATHS.eventManagement, label: 'Events' } };

  // A failed re-read of what the form already holds (the draft it has just saved, read again once the
  // address names it) keeps the form and what was typed: saving again says what is wrong, if anything.
  const detailError = routeId && !event ? detail.error : null;
  const optionsError = options.data ? null : options.error;
  if (detailError instanceof HttpError && detailError.status === 404) return <NotFoundMessage />;
  const failed = optionsError ?? detailError ?? (checkEdit ? availability.error : null);
  const waiting =
    options.isPending || (!!routeId && detail.isPending) || (checkEdit && availability.isPending);

  return (
    <Stack gap="lg" maw={960} pb="md">
      <PageHeader title={header.title} back={header.back} />
      {failed ? (
        <ListError
          label="The event form"
          error={failed}
          onRetry={() => {
            void options.refetch();
            if (routeId) void detail.refetch();
            if (checkEdit) void availability.refetch();
          }}
        />
      ) : waiting || !options.data ? (
        <PageLoader label="Loading the event form" />
      ) : checkEdit && availability.data && !availability.data.canEdit ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title={EVENT_MESSAGES.notEditable}
        >
          <Stack gap="sm" align="flex-start">
            {availability.data.editReason && availability.data.editReason !== EVENT_MESSAGES.notEditable
              ? availability.data.editReason
              : 'Blocked, cancelled and completed events stay as they are.'}
            <Button component={Link} to={eventDetailsPath(editId ?? '', kind)} variant="default" size="xs">
              Back to the event
            </Button>
          </Stack>
        </Alert>
      ) : (
        <EventForm
          key={formKey}
          kind={kind}
          options={options.data}
          detail={routeId ? event : undefined}
          resumePath={(id) => resumePath(kind, id)}
          onDraftSaved={(id) => {
            adopted.current = id;
          }}
        />
      )}
    </Stack>
  );
}

export default EventFormPage;
