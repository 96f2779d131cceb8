import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { EMPTY_SELECTION, type TicketsForRefund } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { formatMoney, minorDigits, parseMoney } from '../../../lib/money';
import { toast } from '../../../lib/toasts';
import { refundQuoteQuery } from '../api/check-booking-due-amount';
import { ticketsForRefundQuery } from '../api/organizer-tickets-for-refund';
import { zoneOf } from '../components/labels';
import {
  confirmRefundPath,
  eventOrdersPath,
  orderDetailsPath,
  readRefundSelection,
  refundRequestPath,
} from '../paths';
import { ConfirmRefund } from './ConfirmRefund';
import { RefundTicketTable } from './RefundTicketTable';

/**
 * order-refund: choose tickets, the fee choice and a full or partial amount, then Continue to the
 * confirmation (the choice travels in its URL). The maximum is the server's quote of the chosen tickets.
 */
function ChooseRefund({ data, eventId }: { data: TicketsForRefund; eventId?: string }) {
  const navigate = useNavigate();
  const order = data.order;
  const currency = order.currency;
  const zone = order.event.timeZone;
  const selectable = data.tickets.filter((t) => t.selectable).map((t) => t._id);
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? selectable;
  const [fee, setFee] = useState<boolean>(data.policy.refundServiceFee);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const max = useQuery({
    ...refundQuoteQuery({ bookingId: order._id, ticketIds: chosen, refundServiceFee: fee }),
    enabled: chosen.length > 0,
  });
  const maxAmount = max.data?.amount;
  const inRequest = data.requests.filter((r) => r.status === 'REQUESTED');

  function onContinue() {
    if (chosen.length === 0) {
      toast.warning(EMPTY_SELECTION.issueRefund);
      return;
    }
    let amount: number | undefined;
    if (mode === 'partial') {
      const parsed = parseMoney(amountText, currency);
      if (!parsed.ok) return setAmountError(parsed.message);
      if (parsed.amountMinor <= 0) return setAmountError('Enter an amount above 0');
      if (maxAmount !== undefined && parsed.amountMinor > maxAmount)
        return setAmountError(
          `You can refund at most ${formatMoney(maxAmount, currency)} on the chosen tickets.`,
        );
      amount = parsed.amountMinor;
    }
    navigate(confirmRefundPath(order._id, { ticketIds: chosen, amount, refundServiceFee: fee }, eventId));
  }

  return (
    <Stack gap="lg">
      {inRequest.map((r) => (
        <Alert key={r._id} color="blue" variant="light" title="The buyer asked for a refund">
          <Anchor component={Link} to={refundRequestPath(r._id, order._id)} size="sm">
            {`Review the request of ${r.buyer.name} (${r.tickets.length} ticket${r.tickets.length === 1 ? '' : 's'})`}
          </Anchor>
        </Alert>
      ))}
      <RefundTicketTable
        tickets={data.tickets}
        currency={currency}
        zone={zone}
        selected={chosen}
        onSelect={setPicked}
        toolbar={
          <Title order={2} size="h4">
            Tickets
          </Title>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Amount
          </Title>
          <Switch
            label="Refund the service fee"
            description={`The organization's setting: ${data.policy.refundServiceFee ? 'refund it' : 'keep it'}.`}
            checked={fee}
            onChange={(e) => setFee(e.currentTarget.checked)}
          />
          <Radio.Group
            label="How much"
            value={mode}
            onChange={(value) => {
              setMode(value === 'partial' ? 'partial' : 'full');
              setAmountError(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="full" label="Everything refundable on the chosen tickets" />
              <Radio value="partial" label="A partial amount" />
            </Stack>
          </Radio.Group>
          {mode === 'partial' && (
            <TextInput
              label={`Amount (${currency})`}
              inputMode={minorDigits(currency) ? 'decimal' : 'numeric'}
              value={amountText}
              onChange={(e) => {
                setAmountText(e.currentTarget.value);
                setAmountError(null);
              }}
              error={amountError}
              maw={240}
            />
          )}
          <Text size="sm" c={max.error ? 'red' : 'dimmed'} data-testid="refund-max">
            {chosen.length === 0
              ? 'Choose at least one ticket.'
              : max.error
                ? max.error.message
                : maxAmount === undefined
                  ? 'Working out the maximum…'
                  : `At most ${formatMoney(maxAmount, currency)} on the chosen tickets.`}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onContinue}>Continue</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Both steps of one order's refund: choosing (`confirm` false) or confirming what the URL carries. */
function RefundScreen({ confirm }: { confirm: boolean }) {
  const { bookingId = '', eventId } = useParams();
  const [params] = useSearchParams();
  const data = useQuery(ticketsForRefundQuery(bookingId));
  const confirming = confirm || params.get('step') === 'confirm';
  const selection = readRefundSelection(params);
  const back = eventId
    ? { to: eventOrdersPath(eventId), label: 'the event orders' }
    : { to: orderDetailsPath(bookingId), label: 'the order' };

  if (data.isPending) return <PageLoader label="Loading the order" />;
  if (data.error instanceof HttpError && [400, 404].includes(data.error.status)) return <NotFoundMessage />;
  if (!data.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Refund" back={back} />
        <ListError label="Order" error={data.error} onRetry={() => void data.refetch()} />
      </Stack>
    );
  }
  const order = data.data.order;
  const description = (
    <Stack gap={2}>
      <Text size="sm">{`${order.buyer.name} · ${order.event.title} · paid ${formatMoney(order.total, order.currency)}`}</Text>
      <Text size="xs">{`Times in ${zoneOf(order.event.timeZone, order.createdAt)}`}</Text>
    </Stack>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title={`${confirming ? 'Confirm the refund of' : 'Refund'} order ${order.code}`}
        back={back}
        description={description}
      />
      {confirming ? (
        <ConfirmRefund bookingId={bookingId} eventId={eventId} selection={selection} order={data.data} />
      ) : data.data.refundable <= 0 && data.data.tickets.every((t) => !t.selectable) ? (
        <Alert color="gray" variant="light" title="Nothing left to refund">
          <Text size="sm">
            {`Refunded so far: ${formatMoney(order.refunded, order.currency)}.`}{' '}
            <Anchor component={Link} to={orderDetailsPath(bookingId)}>
              Back to the order
            </Anchor>
          </Text>
        </Alert>
      ) : (
        <ChooseRefund data={data.data} eventId={eventId} />
      )}
    </Stack>
  );
}

/** `/orders/:bookingId/refund`, and in an event's context `/orders/events/:eventId/orders/:bookingId/refund`. */
export function OrderRefundPage() {
  return <RefundScreen confirm={false} />;
}

/** `/orders/:bookingId/refund/confirm?ticketIds=…` (confirm-refund). */
export function ConfirmRefundPage() {
  return <RefundScreen confirm />;
}

export default OrderRefundPage;
