import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type BulkRefundResult, CONFIRM_LABELS, EMPTY_SELECTION } from '@marquee/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { formatMoney } from '../../../lib/money';
import { useIssueEventOrderRefunds } from '../api/event-orders-issue-refunds';
import { useIssueEventTicketRefunds } from '../api/event-tickets-issue-refunds';
import { useIssueRefunds } from '../api/issue-refunds';
import { ticketsForRefundQuery } from '../api/organizer-tickets-for-refund';
import { chosenTicketsQuery } from '../api/view-ticket-list';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../components/labels';
import { eventOrdersPath, ORDER_PATHS, orderDetailsPath, orderRefundPath } from '../paths';
import { AmountList } from './AmountList';
import { BULK_OUTCOME_COLORS, BULK_OUTCOME_LABELS } from './labels';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const idsOf = (value: string | null) => (value ?? '').split(',').filter(Boolean);

/** Where a bulk refund's selection came from; each has its own call. */
type BulkTarget =
  | { kind: 'orders'; bookingIds: string[] }
  | { kind: 'event-orders'; eventId: string; bookingIds: string[] }
  | { kind: 'event-tickets'; eventId: string; ticketIds: string[] };

/** The chosen orders, each with what a full refund of it would give back now. */
function ChosenOrders({ bookingIds }: { bookingIds: string[] }) {
  const orders = useQueries({ queries: bookingIds.map((id) => ticketsForRefundQuery(id)) });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Orders to refund" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Buyer</Table.Th>
            <Table.Th style={NUMERIC}>Paid</Table.Th>
            <Table.Th style={NUMERIC}>Refundable now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookingIds.map((id, index) => {
            const q = orders[index];
            const data = q?.data;
            if (!data)
              return (
                <Table.Tr key={id}>
                  <Table.Td colSpan={4}>
                    {q?.error ? (
                      <Text size="sm" c="red">{`This order could not be loaded: ${q.error.message}`}</Text>
                    ) : (
                      <Loader size="xs" aria-label="Loading" />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            const o = data.order;
            return (
              <Table.Tr key={id}>
                <Table.Td>
                  <Anchor component={Link} to={orderDetailsPath(o._id)} ff="monospace" size="sm">
                    {o.code}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {o.event.title}
                  </Text>
                </Table.Td>
                <Table.Td>{o.buyer.name}</Table.Td>
                <Table.Td style={NUMERIC}>{formatMoney(o.total, o.currency)}</Table.Td>
                <Table.Td style={NUMERIC}>{formatMoney(data.refundable, o.currency)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The chosen tickets of one event (view-ticket-list). */
function ChosenTickets({ eventId, ticketIds }: { eventId: string; ticketIds: string[] }) {
  const tickets = useQuery(chosenTicketsQuery({ eventId, ticketIds: ticketIds.join(',') }));
  if (tickets.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (!tickets.data)
    return <ListError label="Tickets" error={tickets.error} onRetry={() => void tickets.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Tickets to refund" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ticket</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={NUMERIC}>Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.data.map((t) => (
            <Table.Tr key={t._id}>
              <Table.Td>
                {t.ticketTypeName}
                {t.attendeeName && (
                  <Text size="xs" c="dimmed">
                    {t.attendeeName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.buyerName}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {t.bookingCode}
                </Text>
              </Table.Td>
              <Table.Td>
                <EnumBadge value={t.status} labels={TICKET_STATUS_LABELS} colors={TICKET_STATUS_COLORS} />
              </Table.Td>
              <Table.Td style={NUMERIC}>{formatMoney(t.price, t.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the bulk refund did, order by order; an order whose organizer owes money links to its refund. */
export function BulkResult({ result, eventId }: { result: BulkRefundResult; eventId?: string }) {
  const money = (amount: number) => (result.currency ? formatMoney(amount, result.currency) : String(amount));
  return (
    <Paper withBorder radius="md" p="md" data-testid="bulk-result">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Result
        </Title>
        <AmountList
          rows={[
            { label: 'Refunded', value: String(result.processed), testId: 'bulk-processed' },
            { label: 'Pending with the provider', value: String(result.pending), testId: 'bulk-pending' },
            { label: 'Skipped', value: String(result.skipped), testId: 'bulk-skipped' },
            { label: 'Amount refunded', value: money(result.amount), strong: true, testId: 'bulk-amount' },
          ]}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Refund per order" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th style={NUMERIC}>Amount</Table.Th>
                <Table.Th>What happened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.items.map((item) => (
                <Table.Tr key={item.bookingId}>
                  <Table.Td>
                    <Anchor component={Link} to={orderDetailsPath(item.bookingId)} ff="monospace" size="sm">
                      {item.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <EnumBadge
                      value={item.outcome}
                      labels={BULK_OUTCOME_LABELS}
                      colors={BULK_OUTCOME_COLORS}
                    />
                  </Table.Td>
                  <Table.Td style={NUMERIC}>{money(item.amount)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.message}</Text>
                    {item.outcome === 'DUE_REQUIRED' && (
                      <Anchor component={Link} to={orderRefundPath(item.bookingId, eventId)} size="sm">
                        {`Pay ${money(item.due)} and refund this order`}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * issue-refunds, event-orders-issue-refunds and event-tickets-issue-refunds: the chosen orders or tickets
 * (from the URL), the fee choice, Confirm, then the per-order result. Each call hook keeps one
 * idempotency key for this visit, so a retry of Confirm never refunds twice.
 */
function BulkRefund({ target, back }: { target: BulkTarget; back: { to: string; label: string } }) {
  const eventId = target.kind === 'orders' ? undefined : target.eventId;
  const ids = target.kind === 'event-tickets' ? target.ticketIds : target.bookingIds;
  const [fee, setFee] = useState<boolean | null>(null);
  const byOrders = useIssueRefunds();
  const byEventOrders = useIssueEventOrderRefunds();
  const byEventTickets = useIssueEventTicketRefunds();
  // The fee choice starts at the organization's setting, read from the first chosen order.
  const firstBooking = target.kind === 'event-tickets' ? null : (target.bookingIds[0] ?? null);
  const policy = useQuery({ ...ticketsForRefundQuery(firstBooking ?? ''), enabled: !!firstBooking });
  const defaultFee = policy.data?.policy.refundServiceFee ?? true;
  const run =
    target.kind === 'orders' ? byOrders : target.kind === 'event-orders' ? byEventOrders : byEventTickets;
  function confirm() {
    const refundServiceFee = fee ?? undefined;
    const choice = refundServiceFee === undefined ? {} : { refundServiceFee };
    if (target.kind === 'orders') byOrders.mutate({ bookingIds: target.bookingIds, ...choice });
    else if (target.kind === 'event-orders')
      byEventOrders.mutate({ eventId: target.eventId, bookingIds: target.bookingIds, ...choice });
    else byEventTickets.mutate({ eventId: target.eventId, ticketIds: target.ticketIds, ...choice });
  }
  const title =
    target.kind === 'event-tickets'
      ? `Refund ${ids.length} ticket${ids.length === 1 ? '' : 's'}`
      : `Refund ${ids.length} order${ids.length === 1 ? '' : 's'}`;

  if (ids.length === 0) {
    return (
      <Stack gap="lg">
        <PageHeader title="Issue refunds" back={back} />
        <Alert color="yellow" variant="light" title="Nothing chosen">
          <Text size="sm">{EMPTY_SELECTION.issueRefund}</Text>
          <Anchor component={Link} to={back.to} size="sm">
            Choose what to refund
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        back={back}
        description="Each chosen order is refunded in full (everything still refundable on it)."
      />
      <Paper withBorder radius="md" p="md">
        {target.kind === 'event-tickets' ? (
          <ChosenTickets eventId={target.eventId} ticketIds={target.ticketIds} />
        ) : (
          <ChosenOrders bookingIds={target.bookingIds} />
        )}
      </Paper>
      {run.data ? (
        <>
          <BulkResult result={run.data.result} eventId={eventId} />
          <Group justify="flex-end">
            <Button component={Link} to={back.to}>
              Done
            </Button>
          </Group>
        </>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Switch
              label="Refund the service fee"
              description={fee === null ? "The organization's setting" : undefined}
              checked={fee ?? defaultFee}
              onChange={(e) => setFee(e.currentTarget.checked)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={back.to}>
                {CONFIRM_LABELS.cancel}
              </Button>
              <Button onClick={confirm} loading={run.isPending}>
                {CONFIRM_LABELS.confirm}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** `/orders/issue-refunds?bookingIds=a,b`. */
export function IssueRefundsPage() {
  const [params] = useSearchParams();
  return (
    <BulkRefund
      target={{ kind: 'orders', bookingIds: idsOf(params.get('bookingIds')) }}
      back={{ to: ORDER_PATHS.orders, label: 'orders' }}
    />
  );
}

/** `/orders/events/:eventId/issue-refunds?bookingIds=`. */
export function EventOrdersIssueRefundsPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <BulkRefund
      target={{ kind: 'event-orders', eventId, bookingIds: idsOf(params.get('bookingIds')) }}
      back={{ to: eventOrdersPath(eventId), label: 'the event orders' }}
    />
  );
}

/** `/orders/events/:eventId/tickets/issue-refunds?ticketIds=`. */
export function EventTicketsIssueRefundsPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <BulkRefund
      target={{ kind: 'event-tickets', eventId, ticketIds: idsOf(params.get('ticketIds')) }}
      back={{ to: eventOrdersPath(eventId, 'tickets'), label: 'the event tickets' }}
    />
  );
}
