import '../../../styles/mantine-all.css';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type BuyerBooking, WAITING_LIST_STATUS_LABELS, type WaitingListEntryView } from '@marquee/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { StatusPage } from '../../../components/StatusPage';
import { browser } from '../../../lib/browser';
import { formatDayDate, formatTime } from '../../../lib/dates';
import { HttpError } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { buyOffer } from '../api/buy-waiting-list-offer';
import { waitingListEntryQuery } from '../api/get-waiting-list-entry';
import { leave } from '../api/leave-waiting-list';
import { waitingListKeys } from '../api/waiting-list-keys';
import { PublicFrame } from '../components/PublicFrame';
import { isNotFound, PublicLoadError, PublicSkeleton } from '../components/PublicStates';
import { rememberPendingBooking } from '../model/pending-booking';
import { publicBookingPath, publicEventPath, publicEventReturnPath } from '../paths';

const at = (iso: string, zone: string) => `${formatDayDate(iso, zone)} at ${formatTime(iso, zone)} (${zone})`;
const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

function Offer({ entry, onLeave }: { entry: WaitingListEntryView; onLeave: () => void }) {
  const navigate = useNavigate();
  const attempt = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const slug = entry.event.slug;
  const buy = async () => {
    attempt.current ??= newIdempotencyKey();
    setBusy(true);
    setError(null);
    try {
      const booking: BuyerBooking = await buyOffer(entry, publicEventReturnPath(slug), attempt.current);
      if (booking.status === 'HELD' && booking.payment?.redirectUrl) {
        rememberPendingBooking({ event: slug, bookingId: booking._id, token: booking.accessToken });
        browser.assign(booking.payment.redirectUrl);
        return;
      }
      navigate(publicBookingPath(slug, booking._id, booking.accessToken));
    } catch (e) {
      if (e instanceof HttpError && e.kind === 'response') attempt.current = null;
      setError(e instanceof Error ? e.message : 'The offer could not be used.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title="Seats are held for you">
        {`${tickets(entry.offeredQuantity)} of ${entry.ticketType.name} ${entry.offeredQuantity === 1 ? 'is' : 'are'} yours to buy until ${at(entry.offerExpiresAt ?? '', entry.event.timeZone)}. After that, the offer passes to the next person in line.`}
      </Alert>
      {error && (
        <Text c="var(--mantine-color-error)" role="alert" size="sm" data-testid="offer-error">
          {error}
        </Text>
      )}
      <Group>
        <Button onClick={() => void buy()} loading={busy} data-testid="buy-offer">
          Buy now
        </Button>
        <Button variant="subtle" color="red" onClick={onLeave} disabled={busy}>
          Leave the waiting list
        </Button>
      </Group>
    </Stack>
  );
}

/** `/e/:event/waiting-list/:entryId?token=`: the person's place in line, their offer, or how it ended. */
export function WaitingListEntryPage() {
  const { entryId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const entry = useQuery({ ...waitingListEntryQuery(entryId, token), enabled: token.length >= 16 });

  if (token.length < 16 || isNotFound(entry.error))
    return (
      <StatusPage
        code="404"
        title="Waiting list entry not found"
        description="This waiting list link is not valid. Open the link in your email again."
        action={null}
      />
    );
  if (entry.isPending) return <PublicSkeleton title="Waiting list" />;
  if (!entry.data)
    return (
      <PublicLoadError
        title="Your waiting list entry"
        error={entry.error}
        onRetry={() => void entry.refetch()}
      />
    );
  const data = entry.data;
  const zone = data.event.timeZone;

  const confirmLeave = () =>
    void openConfirmAction({
      title: 'Leave the waiting list?',
      message:
        data.status === 'OFFERED'
          ? 'The seats held for you pass to the next person in line.'
          : 'You lose your place in line.',
      danger: true,
      onConfirm: async () => {
        const left = await leave(data._id, token);
        queryClient.setQueryData(waitingListKeys.entry({ entryId: data._id, token }), { ...left, token });
      },
    });

  return (
    <PublicFrame title={`Waiting list · ${data.event.title}`}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640} mx="auto">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz="xl">
              {data.event.title}
            </Title>
            <Text c="dimmed">
              {`${data.ticketType.name}${data.occurrence ? ` · ${at(data.occurrence.startsAt, zone)}` : ''}`}
            </Text>
            <Group gap="xs">
              <Badge variant="light" data-testid="waiting-status">
                {WAITING_LIST_STATUS_LABELS[data.status]}
              </Badge>
              <Text size="sm">{`${data.name} · ${tickets(data.quantity)}`}</Text>
            </Group>
          </Stack>
          {data.status === 'WAITING' && (
            <Stack gap="sm">
              <Text fz="lg" data-testid="waiting-position">
                {`You are number ${data.position} in line.`}
              </Text>
              <Text size="sm" c="dimmed">
                When seats come back they are offered in line order, and we email you a link that holds them
                for you.
              </Text>
              <Group>
                <Button variant="subtle" color="red" onClick={confirmLeave}>
                  Leave the waiting list
                </Button>
              </Group>
            </Stack>
          )}
          {data.status === 'OFFERED' && <Offer entry={data} onLeave={confirmLeave} />}
          {data.status === 'ACCEPTED' && (
            <Text>You used your offer. Your booking email has your tickets.</Text>
          )}
          {(data.status === 'EXPIRED' || data.status === 'REMOVED' || data.status === 'LEFT') && (
            <Text>
              {data.status === 'EXPIRED'
                ? 'Your offer ran out and passed to the next person in line.'
                : data.status === 'LEFT'
                  ? 'You left the waiting list.'
                  : 'The organizer took you off the waiting list.'}
            </Text>
          )}
          <Group>
            <Button component="a" href={publicEventPath(data.event.slug)} variant="default">
              Back to the event
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}
