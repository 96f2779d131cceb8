import '../../../styles/mantine-all.css';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { BOOKING_MESSAGES, type BuyerBooking } from '@marquee/contract';
import { IconCircleCheck, IconCreditCard, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { browser } from '../../../lib/browser';
import { HttpError } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMoney } from '../../../lib/money';
import { cancelHold } from '../api/cancel-held-booking';
import { buyerBookingQuery } from '../api/get-buyer-booking';
import { publicEventKeys } from '../api/keys';
import { HoldCountdown } from '../components/HoldCountdown';
import { PublicFrame } from '../components/PublicFrame';
import { isNotFound, PublicLoadError, PublicNotFound, PublicSkeleton } from '../components/PublicStates';
import { RefundRequestSection } from '../components/RefundRequestSection';
import { ResendTicketsButton } from '../components/ResendTicketsButton';
import { TicketCard } from '../components/TicketCard';
import { AddToCalendarMenu, DownloadPdfButton } from '../components/TicketFileButtons';
import { rememberPendingBooking } from '../model/pending-booking';
import { dateRange, zoneNote } from '../model/when';
import { publicEventPath } from '../paths';

/** How long the page keeps asking whether a HELD booking was paid before it offers "Check again". */
export const POLL_FOR_MS = 60_000;

function OrderSummary({ booking }: { booking: BuyerBooking }) {
  const money = (amount: number) => formatMoney(amount, booking.currency);
  const startsAt = booking.occurrence?.startsAt ?? booking.event.startsAt;
  const endsAt = booking.occurrence?.endsAt ?? booking.event.endsAt;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {booking.event.title}
        </Title>
        <Text fw={600}>{dateRange(startsAt, endsAt, booking.event.timeZone)}</Text>
        <Text size="sm" c="dimmed">
          {zoneNote(booking.event.timeZone, startsAt)}
        </Text>
        {booking.event.venueName && <Text size="sm">{booking.event.venueName}</Text>}
        {booking.event.address && (
          <Text size="sm">
            {booking.event.address} ·{' '}
            <Anchor
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
                [booking.event.venueName, booking.event.address].filter(Boolean).join(', '),
              )}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open in maps
            </Anchor>
          </Text>
        )}
        {booking.event.onlineUrl && (
          <Text size="sm">
            Online:{' '}
            <Anchor href={booking.event.onlineUrl} target="_blank" rel="noopener noreferrer">
              {booking.event.onlineUrl}
            </Anchor>
          </Text>
        )}
        {booking.event.organizationName && (
          <Text size="sm" c="dimmed">
            Organized by {booking.event.organizationName}
          </Text>
        )}
        <Divider my={4} />
        {booking.lines.map((line) => (
          <Group key={line.ticketTypeId} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {line.quantity} × {line.name}
            </Text>
            <Text size="sm">{money(line.quantity * line.unitPrice)}</Text>
          </Group>
        ))}
        {booking.promoCode && (booking.discount ?? 0) > 0 && (
          <Group justify="space-between" data-testid="booking-discount">
            <Text size="sm">{`Promo code ${booking.promoCode} (already taken off)`}</Text>
            <Text size="sm">{money(-(booking.discount ?? 0))}</Text>
          </Group>
        )}
        {booking.serviceFee > 0 && (
          <Group justify="space-between">
            <Text size="sm">Service fee</Text>
            <Text size="sm">{money(booking.serviceFee)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="booking-total">
            {money(booking.total)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Booked by {booking.buyer.name} ({booking.buyer.email})
        </Text>
      </Stack>
    </Paper>
  );
}

function Confirmed({ booking }: { booking: BuyerBooking }) {
  const tickets = booking.tickets;
  return (
    <Stack gap="lg">
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title="You are going!"
        data-testid="booking-confirmed"
      >
        <Text size="sm">
          Order <strong data-testid="order-code">{booking.code}</strong> is confirmed. We sent your tickets to{' '}
          {booking.buyer.email}. Show a QR code at the entrance.
        </Text>
      </Alert>
      <Group justify="space-between">
        <Title order={2} fz="xl">
          Your tickets
        </Title>
        <Group gap="sm">
          <DownloadPdfButton booking={booking} />
          <AddToCalendarMenu booking={booking} />
          <ResendTicketsButton booking={booking} />
          <Button
            className="no-print"
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
          >
            Print tickets
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {tickets.map((ticket, index) => (
          <TicketCard
            key={ticket._id}
            ticket={ticket}
            index={index}
            count={tickets.length}
            zone={booking.event.timeZone}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Held({
  booking,
  polling,
  onCheckAgain,
}: {
  booking: BuyerBooking;
  polling: boolean;
  onCheckAgain: () => void;
}) {
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [cancelKey] = useState(newIdempotencyKey);
  const payment = booking.payment;
  const slug = booking.event.slug || booking.event._id;
  const refresh = useCallback(
    () =>
      void queryClient.invalidateQueries({
        queryKey: publicEventKeys.booking({ bookingId: booking._id, token: booking.accessToken }),
      }),
    [queryClient, booking._id, booking.accessToken],
  );
  async function cancel() {
    setCancelling(true);
    try {
      const cancelled = await cancelHold(booking._id, booking.accessToken, cancelKey);
      queryClient.setQueryData(
        publicEventKeys.booking({ bookingId: booking._id, token: booking.accessToken }),
        cancelled,
      );
    } catch {
      // The http helper has said why; the booking stays as it was.
    } finally {
      setCancelling(false);
    }
  }
  const stripeOnly = payment?.clientSecret && !payment.redirectUrl;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {stripeOnly ? (
            <Alert
              color="orange"
              variant="light"
              title="Card payment is not available here"
              data-testid="stripe-unavailable"
            >
              This booking is paid with Stripe, and card entry through Stripe is not available in this console
              build. Your seats stay held until the time runs out; cancel to release them now.
            </Alert>
          ) : (
            <Group gap="sm" wrap="nowrap" role="status">
              {polling ? <Loader size="sm" aria-hidden /> : null}
              <Text fw={600}>
                {polling
                  ? 'Waiting for the payment confirmation…'
                  : 'We have not heard from the payment provider yet.'}
              </Text>
            </Group>
          )}
          {booking.holdExpiresAt && <HoldCountdown expiresAt={booking.holdExpiresAt} onExpired={refresh} />}
          <Group gap="sm">
            {payment?.redirectUrl && (
              <Button
                leftSection={<IconCreditCard size={18} aria-hidden />}
                onClick={() => {
                  rememberPendingBooking({ event: slug, bookingId: booking._id, token: booking.accessToken });
                  browser.assign(payment.redirectUrl as string);
                }}
              >
                Continue to payment
              </Button>
            )}
            {!polling && !stripeOnly && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={onCheckAgain}
              >
                Check again
              </Button>
            )}
            <Button
              variant="default"
              color="red"
              loading={cancelling}
              onClick={() =>
                openConfirmAction({
                  title: 'Cancel reservation',
                  message: 'Your seats are released for other buyers and you will need to book again.',
                  danger: true,
                  onConfirm: cancel,
                })
              }
            >
              Cancel reservation
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

const ENDED: Record<'FAILED' | 'EXPIRED' | 'CANCELLED', { title: string; text: string }> = {
  FAILED: {
    title: 'The payment did not go through',
    text: 'No money was taken and your seats were released. You can try again.',
  },
  EXPIRED: { title: 'Your reservation has expired', text: BOOKING_MESSAGES.holdExpired },
  CANCELLED: {
    title: 'This reservation was cancelled',
    text: 'The seats were released. You can book again.',
  },
};

function Ended({ booking }: { booking: BuyerBooking & { status: keyof typeof ENDED } }) {
  const { title, text } = ENDED[booking.status];
  return (
    <Alert
      color={booking.status === 'FAILED' ? 'red' : 'gray'}
      variant="light"
      title={title}
      data-testid="booking-ended"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={publicEventPath(booking.event.slug || booking.event._id)}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Asks again every two seconds while HELD, for up to a minute from when the page (or "Check again") started. */
function usePollingWindow() {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [polling, setPolling] = useState(true);
  useEffect(() => {
    setPolling(true);
    const timer = setTimeout(() => setPolling(false), POLL_FOR_MS - (Date.now() - startedAt));
    return () => clearTimeout(timer);
  }, [startedAt]);
  return { polling, restart: () => setStartedAt(Date.now()) };
}

/** `/e/:event/booking/:bookingId?token=…`: the confirmation and ticket page, reopenable from the email. */
export function BookingPage() {
  const { bookingId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { polling, restart } = usePollingWindow();
  // Arriving from the event page's checkout (scrolled to its button): the confirmation starts at the top.
  useEffect(() => {
    if (bookingId) window.scrollTo(0, 0);
  }, [bookingId]);
  const query = useQuery(buyerBookingQuery(bookingId, token, polling));
  if (!token) return <PublicNotFound what="booking" />;
  if (query.isPending) return <PublicSkeleton title="Your booking" />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) return <PublicNotFound what="booking" />;
    return <PublicLoadError title="Your booking" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const booking = query.data;
  const stale = query.isError && query.error instanceof HttpError;
  return (
    <PublicFrame title={booking.status === 'CONFIRMED' ? `Tickets · ${booking.event.title}` : 'Your booking'}>
      <Stack maw={960} mx="auto" gap="lg">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Order {booking.code}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {booking.status === 'CONFIRMED' ? 'Your booking is confirmed' : 'Your booking'}
          </Title>
        </Stack>
        {stale && (
          <Alert color="red" variant="light" title="Could not check your booking just now">
            <Group gap="sm">
              <Text size="sm">{(query.error as Error).message}</Text>
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {booking.status === 'CONFIRMED' && <Confirmed booking={booking} />}
        {booking.status === 'HELD' && (
          <Held
            booking={booking}
            polling={polling}
            onCheckAgain={() => {
              restart();
              void query.refetch();
            }}
          />
        )}
        {(booking.status === 'FAILED' || booking.status === 'EXPIRED' || booking.status === 'CANCELLED') && (
          <Ended booking={booking as BuyerBooking & { status: keyof typeof ENDED }} />
        )}
        <OrderSummary booking={booking} />
        {booking.status === 'CONFIRMED' && booking.total > 0 && <RefundRequestSection booking={booking} />}
      </Stack>
    </PublicFrame>
  );
}
