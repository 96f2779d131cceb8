import { Anchor, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { EMPTY_SELECTION, type RefundRequestView } from '@marquee/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toasts';
import { refundRequestListQuery } from '../api/organizer-refund-booking-ticket-list';
import { ticketsForRefundQuery } from '../api/organizer-tickets-for-refund';
import { InfoCard } from '../components/InfoCard';
import { inEventZone, zoneOf } from '../components/labels';
import { confirmRefundPath, orderDetailsPath, refundRequestsTabPath } from '../paths';
import { DeclineModal } from './DeclineModal';
import { REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS } from './labels';

type RequestTicket = RefundRequestView['tickets'][number];
const BACK = { to: refundRequestsTabPath(), label: 'refund requests' };

/**
 * Which order a request belongs to. Links from the list carry `?bookingId=`; without it (an old link)
 * the request is looked for among the latest 100 requests.
 */
function useRequestBooking(requestId: string, given: string | null) {
  const lookup = useQuery({
    ...refundRequestListQuery({ page: 1, limit: 100, sort: '-createdAt' }),
    enabled: !given,
  });
  const retry = () => void lookup.refetch();
  if (given) return { bookingId: given, pending: false, error: null, retry };
  const found = lookup.data?.items.find((r) => r._id === requestId);
  return { bookingId: found?.booking._id ?? null, pending: lookup.isPending, error: lookup.error, retry };
}

/**
 * `/orders/refund-requests/:requestId`: a buyer's request with its tickets; approve (to the confirmation
 * with the quote) or decline (with a reason) chosen tickets or all of them.
 */
export function RefundRequestPage() {
  const { requestId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const booking = useRequestBooking(requestId, params.get('bookingId'));
  const data = useQuery({ ...ticketsForRefundQuery(booking.bookingId ?? ''), enabled: !!booking.bookingId });
  const [selected, setSelected] = useState<string[]>([]);
  const [declining, setDeclining] = useState<{ ticketIds?: string[] } | null>(null);

  if (booking.pending || (booking.bookingId && data.isPending))
    return <PageLoader label="Loading the request" />;
  const failed = booking.error ?? data.error;
  if (failed instanceof HttpError && [400, 404].includes(failed.status)) return <NotFoundMessage />;
  if (failed) {
    return (
      <Stack gap="lg">
        <PageHeader title="Refund request" back={BACK} />
        <ListError
          label="Refund request"
          error={failed}
          onRetry={() => (booking.error ? booking.retry() : void data.refetch())}
        />
      </Stack>
    );
  }
  const request = data.data?.requests.find((r) => r._id === requestId);
  if (!data.data || !request) return <NotFoundMessage />;
  const zone = request.event.timeZone;
  const waiting = request.tickets.filter((t) => t.status === 'REQUESTED').map((t) => t._id);
  const open = request.status === 'REQUESTED' && waiting.length > 0;
  const refundable = new Map(data.data.tickets.map((t) => [t._id, t.refundable]));
  const money = (amount: number) => formatMoney(amount, request.currency);

  const approve = (ticketIds: string[], whole: boolean) => {
    if (ticketIds.length === 0) {
      toast.warning(EMPTY_SELECTION.issueRefund);
      return;
    }
    navigate(
      confirmRefundPath(request.booking._id, { ticketIds, requestId: request._id, wholeRequest: whole }),
    );
  };
  const declineChosen = () => {
    if (selected.length === 0) {
      toast.warning(EMPTY_SELECTION.declineRefund);
      return;
    }
    setDeclining({ ticketIds: selected });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Refund request for order ${request.booking.code}`}
        back={BACK}
        description={
          <EnumBadge value={request.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
        }
        actions={
          open && (
            <>
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => approve(waiting, true)}
              >
                Approve all
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setDeclining({})}
              >
                Decline all
              </Button>
            </>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Buyer"
            items={[
              ['Name', request.buyer.name],
              ['Email', request.buyer.email],
              [
                'Order',
                <Anchor key="order" component={Link} to={orderDetailsPath(request.booking._id)} size="sm">
                  {`${request.booking.code} · paid ${money(request.booking.total)}, refunded ${money(request.booking.refunded)}`}
                </Anchor>,
              ],
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Request"
            items={[
              ['Reason', request.reason],
              ['Note', request.note || 'No note'],
              ['Asked', inEventZone(request.createdAt, zone)],
              ['Amount asked', money(request.amount)],
              ...(request.declineReason
                ? ([['Declined because', request.declineReason]] as [string, string][])
                : []),
              ...(request.decidedAt
                ? ([['Decided', inEventZone(request.decidedAt, zone)]] as [string, string][])
                : []),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InfoCard
            title="Event"
            items={[
              ['Event', request.event.title],
              ['Organization', request.organization.name],
              ['Times shown in', zoneOf(zone, request.createdAt)],
            ]}
          />
        </Grid.Col>
      </Grid>
      <DataTable<RequestTicket>
        label="Requested tickets"
        rows={request.tickets}
        total={request.tickets.length}
        page={1}
        limit={Math.max(request.tickets.length, 1)}
        onPageChange={() => {}}
        rowKey={(t) => t._id}
        minWidth={560}
        selection={
          open
            ? { selected, onChange: (ids) => setSelected(ids.filter((id) => waiting.includes(id))) }
            : undefined
        }
        toolbar={
          <Title order={2} size="h4">
            Tickets
          </Title>
        }
        columns={[
          {
            key: 'ticket',
            title: 'Ticket',
            card: 'title',
            render: (t) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {t.ticketTypeName}
                </Text>
                {t.attendeeName && (
                  <Text size="xs" c="dimmed">
                    {t.attendeeName}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'status',
            title: 'Decision',
            render: (t) => (
              <EnumBadge value={t.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
            ),
          },
          { key: 'amount', title: 'Asked', render: (t) => money(t.amount) },
          { key: 'refundable', title: 'Refundable now', render: (t) => money(refundable.get(t._id) ?? 0) },
        ]}
      />
      {open && (
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {`${selected.length} of ${waiting.length} chosen`}
          </Text>
          <Button variant="default" color="red" onClick={declineChosen}>
            Decline selected
          </Button>
          <Button onClick={() => approve(selected, false)}>Approve selected</Button>
        </Group>
      )}
      <DeclineModal
        requestId={request._id}
        ticketIds={declining?.ticketIds}
        opened={declining !== null}
        onClose={() => {
          setDeclining(null);
          setSelected([]);
        }}
      />
    </Stack>
  );
}

export default RefundRequestPage;
