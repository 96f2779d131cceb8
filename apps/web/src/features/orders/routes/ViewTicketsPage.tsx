import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TicketRow } from '@marquee/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { orderDetailQuery } from '../api/organizer-booking-detail';
import { chosenTicketsQuery } from '../api/view-ticket-list';
import { inEventZone, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS, zoneOf } from '../components/labels';
import { TicketQrCode } from '../components/TicketQrCode';
import { ScannedState } from '../components/TicketTable';
import { orderDetailsPath } from '../paths';

/** Comma-separated ids from the query string, or undefined when none were given. */
function idsParam(params: URLSearchParams, name: string): string | undefined {
  const ids = (params.get(name) ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.length > 0 ? ids.join(',') : undefined;
}

/**
 * `/orders/:bookingId/tickets` (view-tickets): the tickets of the order, or the chosen ones
 * (`?ticketIds=`) or those of chosen orders of the same event (`?bookingIds=`), each with its QR code.
 */
export function ViewTicketsPage() {
  const { bookingId = '' } = useParams();
  const [params] = useSearchParams();
  const order = useQuery(orderDetailQuery(bookingId));
  const ticketIds = idsParam(params, 'ticketIds');
  const bookingIds = ticketIds ? undefined : (idsParam(params, 'bookingIds') ?? bookingId);
  const eventId = order.data?.event._id ?? '';
  const tickets = useQuery({
    ...chosenTicketsQuery({ eventId, ticketIds, bookingIds }),
    enabled: eventId !== '',
  });
  const back = { to: orderDetailsPath(bookingId), label: 'the order' };

  if (order.isPending) return <PageLoader label="Loading the tickets" />;
  if (order.error instanceof HttpError && [400, 404].includes(order.error.status)) return <NotFoundMessage />;
  if (!order.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Tickets" back={back} />
        <ListError label="Order" error={order.error} onRetry={() => void order.refetch()} />
      </Stack>
    );
  }
  const zone = order.data.event.timeZone;
  const several = bookingIds?.includes(',');

  return (
    <Stack gap="lg">
      <PageHeader
        title={several ? 'Tickets of the chosen orders' : `Tickets of order ${order.data.code}`}
        back={back}
        description={`${order.data.event.title} · times in ${zoneOf(zone, order.data.createdAt)}`}
        actions={
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!tickets.data?.length}
          >
            Print
          </Button>
        }
      />
      {tickets.isPending ? (
        <PageLoader label="Loading the tickets" />
      ) : tickets.error || !tickets.data ? (
        <ListError label="Tickets" error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : tickets.data.length === 0 ? (
        <Text c="dimmed" data-testid="empty-state">
          No tickets to show: tickets are issued when an order is confirmed.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
          {tickets.data.map((ticket) => (
            <TicketCard key={ticket._id} ticket={ticket} zone={zone} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TicketCard({ ticket, zone }: { ticket: TicketRow; zone: string }) {
  const holder = ticket.attendeeName ?? ticket.buyerName;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${ticket.ticketTypeName} for ${holder}`}
    >
      <Stack gap="xs" align="center">
        <TicketQrCode
          code={ticket.code}
          label={`QR code of the ${ticket.ticketTypeName} ticket for ${holder}`}
        />
        <Text fw={600} ta="center">
          {ticket.ticketTypeName}
        </Text>
        <Text size="sm" ta="center">
          {holder}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {`Order ${ticket.bookingCode}${ticket.occurrence ? ` · ${inEventZone(ticket.occurrence.startsAt, zone)}` : ''}`}
        </Text>
        <Group gap="xs" justify="center">
          <EnumBadge value={ticket.status} labels={TICKET_STATUS_LABELS} colors={TICKET_STATUS_COLORS} />
          <ScannedState scannedAt={ticket.scannedAt} zone={zone} />
        </Group>
      </Stack>
    </Paper>
  );
}

export default ViewTicketsPage;
