import { Center, Drawer, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminBookingDetail } from '@marquee/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { formatDate, formatDateTimeSeconds } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { useUserBooking } from '../api/get-admin-booking-detail';
import { userDetailPath } from '../paths';
import { DetailField } from './DetailField';
import { BOOKING_COLORS } from './EventsBookedTab';

function Section({
  title,
  empty,
  head,
  rows,
  minWidth = 560,
}: {
  title: string;
  empty: string;
  head: string[];
  rows: ReactNode[][];
  minWidth?: number;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped verticalSpacing={6} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, i) => (
                // Rows are fixed for one answer: their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: static rows of one answer
                <Table.Tr key={i}>
                  {cells.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                    <Table.Td key={j}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function OrderView({ order }: { order: AdminBookingDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const ticketNames = new Map(order.tickets.map((t) => [t._id, t.attendeeName ?? t.ticketTypeName]));
  return (
    <Stack gap="lg" data-testid="booked-event-details">
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <DetailField label="Order">
            <Text ff="monospace" fw={600} span>
              {order.code}
            </Text>
          </DetailField>
          <DetailField label="Status">
            <EnumBadge value={order.status} colors={BOOKING_COLORS} />
          </DetailField>
          <DetailField label="Event">{order.event.title}</DetailField>
          <DetailField label="Organization">{order.organization.name}</DetailField>
          <DetailField label="Date">
            {order.occurrence ? formatDate(order.occurrence.startsAt, order.event.timeZone) : '—'}
          </DetailField>
          <DetailField label="Ordered">{formatDateTimeSeconds(order.createdAt)}</DetailField>
          <DetailField label="Buyer">{`${order.buyer.name} (${order.buyer.email})`}</DetailField>
          <DetailField label="Subtotal">{money(order.subtotal)}</DetailField>
          <DetailField
            label={
              order.feePaidBy === 'BUYER'
                ? 'Service fee (paid by the buyer)'
                : 'Service fee (absorbed by the organization, not in the total)'
            }
          >
            {money(order.serviceFee)}
          </DetailField>
          <DetailField label="Total">{money(order.total)}</DetailField>
          <DetailField label="Refunded">{money(order.refunded)}</DetailField>
        </SimpleGrid>
      </Paper>
      <Section
        title="Tickets"
        empty="No tickets were issued for this order."
        head={['Ticket type', 'Attendee', 'Status', 'Price', 'Scanned']}
        rows={order.tickets.map((t) => [
          t.ticketTypeName,
          t.attendeeName ?? order.buyer.name,
          <EnumBadge
            key="s"
            value={t.status}
            colors={{ VALID: 'teal', REFUNDED: 'orange', CANCELLED: 'red' }}
          />,
          money(t.price),
          t.scannedAt ? formatDateTimeSeconds(t.scannedAt) : 'Not scanned',
        ])}
      />
      <Section
        title="Payments"
        empty="No payment was taken (a free order)."
        head={['When', 'Provider', 'Reference', 'Status', 'Amount']}
        rows={order.payments.map((p) => [
          formatDateTimeSeconds(p.createdAt),
          p.provider,
          <Text key="r" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {p.reference ?? '—'}
          </Text>,
          <EnumBadge
            key="s"
            value={p.status}
            colors={{ SUCCEEDED: 'teal', FAILED: 'red', PENDING: 'yellow' }}
          />,
          formatMoney(p.amount, p.currency),
        ])}
      />
      <Section
        title="Refunds"
        empty="Nothing was refunded."
        head={['When', 'Amount', 'Status', 'Source', 'By', 'Reason']}
        minWidth={680}
        rows={order.refunds.map((r) => [
          formatDateTimeSeconds(r.processedAt ?? r.createdAt),
          formatMoney(r.amount, r.currency),
          <EnumBadge
            key="s"
            value={r.status}
            colors={{ PROCESSED: 'teal', FAILED: 'red', PENDING: 'yellow' }}
          />,
          <EnumBadge key="o" value={r.source} />,
          r.by?.name ?? 'System',
          r.reason ?? '—',
        ])}
      />
      <Section
        title="Scans"
        empty="No ticket of this order was scanned."
        head={['When', 'Ticket', 'Result', 'By', 'Device']}
        rows={order.scans.map((s) => [
          formatDateTimeSeconds(s.scannedAt),
          (s.ticketId && ticketNames.get(s.ticketId)) ?? '—',
          <EnumBadge key="r" value={s.result} colors={{ ADMITTED: 'teal', MARKED_SCANNED: 'teal' }} />,
          s.by?.name ?? '—',
          s.deviceId ?? '—',
        ])}
      />
    </Stack>
  );
}

/**
 * One order of the user's, opened from a row of Events booked in a drawer over the list (a phone gets it
 * full screen). Its address (`…/booked-event-details/:bookingId`) opens it again; closing goes back to
 * the list.
 */
export function BookedEventDrawer({ userId, bookingId }: { userId: string; bookingId?: string }) {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={Boolean(bookingId)}
      onClose={() => navigate(userDetailPath(userId, 'events-booked'))}
      position="right"
      size={phone ? '100%' : 'xl'}
      title="Booked event details"
      closeButtonProps={{ 'aria-label': 'Close the order' }}
    >
      {bookingId && <BookedEventDetails bookingId={bookingId} />}
    </Drawer>
  );
}

function BookedEventDetails({ bookingId }: { bookingId: string }) {
  const query = useUserBooking(bookingId);
  if (query.error) {
    return <ListError label="This order" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return (
      <Center py="xl" role="status" aria-label="Loading the order">
        <Loader />
      </Center>
    );
  }
  return <OrderView order={query.data} />;
}
