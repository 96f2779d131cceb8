import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CONFIRM_LABELS, type RefundQuote, type TicketsForRefund } from '@marquee/contract';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListError } from '../../../components/ListError';
import { PageLoader } from '../../../components/PageLoader';
import { browser } from '../../../lib/browser';
import { HttpError } from '../../../lib/http';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toasts';
import { useApproveRefundRequest } from '../api/booking-refund-processed';
import { orderRefundBody, refundQuoteQuery } from '../api/check-booking-due-amount';
import { useConfirmOrderRefund } from '../api/confirm-event-order-refund';
import { usePayRefundDue } from '../api/pay-order-ticket-due-amount';
import { useApproveRefundTickets } from '../api/refund-processed';
import {
  eventOrdersPath,
  orderDetailsPath,
  orderRefundPath,
  type RefundSelection,
  refundRequestPath,
} from '../paths';
import { AmountList } from './AmountList';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The quote in words: what the buyer gets, whose money it is, and the organizer's balance around it. */
function QuoteSplit({ quote }: { quote: RefundQuote }) {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  return (
    <AmountList
      testId="refund-quote"
      rows={[
        { label: 'Refund to the buyer', value: money(quote.amount), strong: true, testId: 'quote-amount' },
        {
          label: quote.refundServiceFee
            ? 'Service fee part (given back by the platform)'
            : 'Service fee part (kept by the platform: not refunded)',
          value: money(quote.feePart),
          testId: 'quote-fee',
        },
        { label: "Organizer's part", value: money(quote.organizerPart), testId: 'quote-organizer' },
        { label: 'Organizer balance held now', value: money(quote.organizerHeld), testId: 'quote-held' },
        {
          label: 'Organizer balance after the refund',
          value: money(quote.organizerBalanceAfter),
          testId: 'quote-after',
        },
        {
          label: 'Due from the organizer first',
          value: money(quote.due),
          strong: quote.due > 0,
          testId: 'quote-due',
        },
      ]}
    />
  );
}

/** Which tickets get how much, named from the order's tickets. */
function QuoteTickets({ quote, order }: { quote: RefundQuote; order: TicketsForRefund | undefined }) {
  const names = new Map(
    (order?.tickets ?? []).map((t) => [
      t._id,
      [t.ticketTypeName, t.attendeeName].filter(Boolean).join(' · '),
    ]),
  );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table aria-label="Refund per ticket" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ticket</Table.Th>
            <Table.Th style={NUMERIC}>Refund</Table.Th>
            <Table.Th style={NUMERIC}>Fee part</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.tickets.map((t) => (
            <Table.Tr key={t.ticketId}>
              <Table.Td>{names.get(t.ticketId) ?? 'Ticket'}</Table.Td>
              <Table.Td style={NUMERIC}>{formatMoney(t.amount, quote.currency)}</Table.Td>
              <Table.Td style={NUMERIC}>{formatMoney(t.feePart, quote.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * confirm-refund: the quote of the chosen refund (check-booking-due-amount), then Cancel or Confirm.
 * One idempotency key per visit of this screen, so a Confirm retried after a lost answer cannot refund
 * twice. When the organizer owes money first, Confirm gives way to paying the due on the payment page.
 */
export function ConfirmRefund({
  bookingId,
  eventId,
  selection,
  order,
}: {
  bookingId: string;
  eventId?: string;
  selection: RefundSelection;
  order: TicketsForRefund | undefined;
}) {
  const navigate = useNavigate();
  const body = orderRefundBody(bookingId, selection);
  const quote = useQuery({ ...refundQuoteQuery(body), enabled: selection.ticketIds.length > 0 });
  // Each hook keeps one idempotency key for this visit of the screen: a retry is the same refund.
  const confirmOrder = useConfirmOrderRefund();
  const approveRequest = useApproveRefundRequest();
  const approveTickets = useApproveRefundTickets();
  const pay = usePayRefundDue();
  // Going to the card page: the button stays busy, so a second click cannot open a second payment.
  const [leaving, setLeaving] = useState(false);
  const cancelTo = selection.requestId
    ? refundRequestPath(selection.requestId, bookingId)
    : eventId
      ? eventOrdersPath(eventId)
      : orderDetailsPath(bookingId);

  const confirm = selection.requestId
    ? selection.wholeRequest
      ? approveRequest
      : approveTickets
    : confirmOrder;
  const afterConfirm = {
    onSuccess: (response: { message: string; result: { message?: string } }) => {
      toast.success(response.result.message || response.message);
      navigate(orderDetailsPath(bookingId));
    },
    // A 409 means the money moved meanwhile (a due, less left): show the quote as it is now.
    onError: (error: Error) => {
      if (error instanceof HttpError && error.status === 409) void quote.refetch();
    },
  };
  /** The buyer's whole request, chosen tickets of it, or the organizer's own choice on the order. */
  function runConfirm() {
    const choice = {
      ...(selection.amount !== undefined ? { amount: selection.amount } : {}),
      ...(selection.refundServiceFee !== undefined ? { refundServiceFee: selection.refundServiceFee } : {}),
    };
    if (selection.requestId && selection.wholeRequest)
      approveRequest.mutate({ requestId: selection.requestId, ...choice }, afterConfirm);
    else if (selection.requestId)
      approveTickets.mutate(
        { requestId: selection.requestId, ticketIds: selection.ticketIds, ...choice },
        afterConfirm,
      );
    else confirmOrder.mutate(body, afterConfirm);
  }
  function runPay() {
    pay.mutate(
      { ...body, returnPath: orderDetailsPath(bookingId) },
      {
        onSuccess: ({ result }) => {
          if (result.redirectUrl) {
            setLeaving(true);
            browser.assign(result.redirectUrl);
          } else
            toast.info('The payment was started; finish it with the payment provider, then refund again.');
        },
      },
    );
  }

  if (selection.ticketIds.length === 0) {
    return (
      <Alert color="yellow" variant="light" title="Nothing chosen to refund">
        <Anchor component={Link} to={orderRefundPath(bookingId, eventId)}>
          Choose the tickets to refund
        </Anchor>
      </Alert>
    );
  }
  if (quote.isPending) return <PageLoader label="Working out the refund" />;
  if (!quote.data) {
    return (
      <Stack gap="sm">
        <ListError label="The refund" error={quote.error} onRetry={() => void quote.refetch()} />
        <Anchor component={Link} to={orderRefundPath(bookingId, eventId)} size="sm">
          Change what is refunded
        </Anchor>
      </Stack>
    );
  }
  const q = quote.data;
  const money = (amount: number) => formatMoney(amount, q.currency);
  const busy = confirm.isPending || pay.isPending || leaving;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4">
              {selection.requestId ? "Approve the buyer's request" : 'Refund'}
            </Title>
            <Anchor component={Link} to={orderRefundPath(bookingId, eventId)} size="sm">
              Change
            </Anchor>
          </Group>
          <QuoteSplit quote={q} />
        </Stack>
      </Paper>
      {q.due > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The organizer must pay first"
          data-testid="due-notice"
        >
          <Stack gap="sm">
            <Text size="sm">
              {`The platform holds ${money(q.organizerHeld)} for the organizer, less than the organizer's part of this refund (${money(q.organizerPart)}): the sales may already be paid out. Pay ${money(q.due)} first; the refund goes ahead as soon as the payment succeeds.`}
            </Text>
            <Group>
              <Button
                color="orange"
                leftSection={<IconCreditCard size={16} aria-hidden />}
                loading={pay.isPending || leaving}
                disabled={busy && !pay.isPending && !leaving}
                onClick={runPay}
              >
                {`Pay ${money(q.due)} and refund`}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {q.tickets.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <QuoteTickets quote={q} order={order} />
        </Paper>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to={cancelTo}>
          {CONFIRM_LABELS.cancel}
        </Button>
        <Button
          onClick={runConfirm}
          loading={confirm.isPending}
          disabled={q.due > 0 || (busy && !confirm.isPending)}
        >
          {CONFIRM_LABELS.confirm}
        </Button>
      </Group>
    </Stack>
  );
}
