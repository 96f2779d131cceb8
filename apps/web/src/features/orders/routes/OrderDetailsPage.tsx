import { Anchor, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EnumBadge, humanizeEnum } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { OrderAnswersCard } from '../../checkout-questions';
import { orderDetailQuery } from '../api/organizer-booking-detail';
import { InfoCard } from '../components/InfoCard';
import { BOOKING_STATUS_COLORS, BOOKING_STATUS_LABELS, inEventZone, zoneOf } from '../components/labels';
import { LedgerTable, OrderLines, OrderTotals } from '../components/OrderMoney';
import { OrderTimeline } from '../components/OrderTimeline';
import { ResendTicketsButton } from '../components/ResendTicketsButton';
import { OrderTicketTable } from '../components/TicketTable';
import { eventOrdersPath, ORDER_PATHS, viewTicketsPath } from '../paths';
import { hasRefundSection, OrderRefunds } from '../refund-screens/OrderRefunds';

const BACK = { to: ORDER_PATHS.orders, label: 'orders' };

/** `/orders/:bookingId`: the buyer, the event, what was bought, the money, its refunds and what happened. */
export function OrderDetailsPage() {
  const { bookingId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(orderDetailQuery(bookingId));
  const [selected, setSelected] = useState<string[]>([]);

  if (detail.isPending) return <PageLoader label="Loading the order" />;
  if (detail.error instanceof HttpError && [400, 404].includes(detail.error.status))
    return <NotFoundMessage />;
  if (!detail.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Order" back={BACK} />
        <ListError label="Order" error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  const order = detail.data;
  const zone = order.event.timeZone;
  const when = order.occurrence?.startsAt;

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Order ${order.code}`}
        back={BACK}
        description={
          <EnumBadge value={order.status} labels={BOOKING_STATUS_LABELS} colors={BOOKING_STATUS_COLORS} />
        }
        actions={
          order.tickets.length > 0 && (
            <Group gap="sm">
              {order.status === 'CONFIRMED' && (
                <ResendTicketsButton bookingId={order._id} email={order.buyer.email} />
              )}
              <Button
                leftSection={<IconTicket size={16} aria-hidden />}
                component={Link}
                to={viewTicketsPath(order._id)}
              >
                View tickets
              </Button>
            </Group>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Buyer"
            items={[
              ['Name', order.buyer.name],
              ['Email', order.buyer.email],
              ['Account', order.buyer.userId ? 'Signed-in buyer' : 'Guest'],
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Event"
            items={[
              [
                'Event',
                <Anchor key="event" component={Link} to={eventOrdersPath(order.event._id)} size="sm">
                  {order.event.title}
                </Anchor>,
              ],
              ['Organization', order.organization.name],
              ['Date', when ? inEventZone(when, zone) : 'Whole course'],
              ['Ordered', inEventZone(order.createdAt, zone)],
              ['Times shown in', zoneOf(zone, order.createdAt)],
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Payment"
            items={
              order.payment
                ? [
                    ['Provider', order.payment.provider === 'sandbox' ? 'Sandbox' : 'Stripe'],
                    ['Reference', order.payment.reference ?? 'None yet'],
                    ['Payment status', humanizeEnum(order.payment.status)],
                  ]
                : [['Provider', order.total === 0 ? 'None: a free order' : 'Not started']]
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <OrderLines order={order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderTotals order={order} />
        </Grid.Col>
      </Grid>
      <OrderTicketTable
        tickets={order.tickets}
        zone={zone}
        selected={selected}
        onSelect={setSelected}
        onView={(ids) => navigate(viewTicketsPath(order._id, { ticketIds: ids }))}
        toolbar={
          <Title order={2} size="h4">
            Tickets
          </Title>
        }
      />
      {/* Whoever reads an order may manage its event (scanners do not reach orders): corrections are theirs. */}
      <OrderAnswersCard bookingId={order._id} ticketTypes={order.lines} canCorrect />
      {hasRefundSection(order) && <OrderRefunds order={order} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <LedgerTable order={order} zone={zone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderTimeline order={order} zone={zone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default OrderDetailsPage;
