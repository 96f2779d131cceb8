import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BuyerBooking, BuyerRefundOptions, RefundRequestView } from '@marquee/contract';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { showServerErrors } from '../../../lib/form-errors';
import { HttpError, withFormErrorsDeferred } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMoney } from '../../../lib/money';
import { refundOptionsQuery } from '../api/get-refund-options';
import { publicEventKeys } from '../api/keys';
import { buyerRefundKeys } from '../api/refund-keys';
import { askForRefund } from '../api/request-refund';
import { dateTime, zoneNote } from '../model/when';
import { REQUEST_STATUS, RefundHistory } from './RefundRequests';

export const NO_TICKETS_CHOSEN = 'You seem to be trying to ask for a refund, but no tickets are selected.';

interface Values {
  ticketIds: string[];
  reasonId: string;
  note: string;
}

/** What the organizer's policy allows: the rule, and the deadline on the event's clock. */
function PolicyNote({ options, zone }: { options: BuyerRefundOptions; zone: string }) {
  const { policy } = options;
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="refund-policy">
        {policy.summary}
      </Text>
      {policy.deadline && policy.open && (
        <Text size="sm" c="dimmed" data-testid="refund-deadline">
          {`You can ask until ${dateTime(policy.deadline, zone)} (${zoneNote(zone, policy.deadline).replace(/^Times in /, '')}).`}
        </Text>
      )}
      {policy.open && (
        <Text size="sm" c="dimmed">
          {policy.approval === 'AUTOMATIC'
            ? 'Requests are approved at once and refunded to the card you paid with.'
            : 'The organizer reviews each request; you get an email with the answer.'}
          {policy.refundServiceFee
            ? ' The service fee is refunded too.'
            : ' The service fee is not refunded.'}
        </Text>
      )}
    </Stack>
  );
}

function RefundForm({
  booking,
  options,
  onSent,
}: {
  booking: BuyerBooking;
  options: BuyerRefundOptions;
  onSent: (request: RefundRequestView) => void;
}) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const attemptKey = useRef<string | null>(null);
  const [sending, setSending] = useState(false);
  const [lostAnswer, setLostAnswer] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, options.currency);
  const form = useForm<Values>({
    initialValues: { ticketIds: [], reasonId: '', note: '' },
    validate: {
      ticketIds: (ids) => (ids.length === 0 ? NO_TICKETS_CHOSEN : null),
      reasonId: (id) => (id ? null : 'Choose a reason'),
      note: (note) => (note.trim().length > 1000 ? 'The note can have at most 1000 characters' : null),
    },
  });
  const chosen = options.tickets.filter((t) => form.values.ticketIds.includes(t._id));
  const total = chosen.reduce((sum, t) => sum + t.refundable, 0);

  async function send(values: Values) {
    attemptKey.current ??= newIdempotencyKey();
    setSending(true);
    setLostAnswer(null);
    try {
      const body = {
        bookingId: booking._id,
        token: booking.accessToken,
        ticketIds: values.ticketIds,
        reasonId: values.reasonId,
        note: values.note.trim() || undefined,
      };
      const { result } = await withFormErrorsDeferred(() => askForRefund(body, attemptKey.current as string));
      attemptKey.current = null;
      form.reset();
      onSent(result);
    } catch (error) {
      if (error instanceof HttpError && error.kind !== 'response' && error.kind !== 'invalid-response') {
        // The answer was lost: the request may exist. Sending again reuses the key, so it is not doubled.
        setLostAnswer(error.message);
        return;
      }
      attemptKey.current = null;
      showServerErrors(form, error, { root: formRef.current });
    } finally {
      setSending(false);
      // The policy, tickets or requests may have changed (approved at once, window closed, asked twice).
      void queryClient.invalidateQueries({ queryKey: buyerRefundKeys.options.all });
      void queryClient.invalidateQueries({ queryKey: publicEventKeys.booking.all });
    }
  }

  const submit = form.onSubmit(
    (values) =>
      openConfirmAction({
        title: 'Request a refund',
        message: `Ask for a refund of ${values.ticketIds.length} ${values.ticketIds.length === 1 ? 'ticket' : 'tickets'} (${money(total)})? ${
          options.policy.approval === 'AUTOMATIC'
            ? 'It is approved at once.'
            : 'The organizer decides; you get an email with the answer.'
        }`,
        onConfirm: () => send(values),
      }),
    () => setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Request a refund">
      <Stack gap="md">
        <Checkbox.Group
          label="Tickets to refund"
          withAsterisk
          {...form.getInputProps('ticketIds')}
          // The group's error is announced with the group; the boxes stay labelled by their ticket.
          errorProps={{ role: 'alert' }}
        >
          <Stack gap="xs" mt="xs">
            {options.tickets.map((ticket, index) => {
              const requested = ticket.requestId !== null;
              const why = requested
                ? 'refund requested'
                : ticket.selectable
                  ? null
                  : 'nothing left to refund';
              return (
                <Checkbox
                  key={ticket._id}
                  value={ticket._id}
                  disabled={!ticket.selectable || requested}
                  label={`Ticket ${index + 1}: ${ticket.ticketTypeName}${ticket.attendeeName ? ` (${ticket.attendeeName})` : ''}`}
                  description={
                    why
                      ? `${ticket.status === 'REFUNDED' ? 'Refunded' : 'Not available'}: ${why}`
                      : `You would get back ${money(ticket.refundable)} of ${money(ticket.paid)}`
                  }
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
        <Select
          label="Reason"
          placeholder="Choose a reason"
          withAsterisk
          data={options.reasons.map((r) => ({ value: r._id, label: r.text }))}
          {...form.getInputProps('reasonId')}
          value={form.values.reasonId || null}
          onChange={(value) => form.setFieldValue('reasonId', value ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Note for the organizer"
          description="Optional"
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('note')}
        />
        {chosen.length > 0 && (
          <Text size="sm" fw={600} data-testid="refund-total">
            {`You would get back ${money(total)}.`}
          </Text>
        )}
        {lostAnswer && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {`${lostAnswer} Send again: your request will not be made twice.`}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={sending}>
            {lostAnswer ? 'Send again' : 'Request a refund'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The ticket page's refund part (`get-refund-options`, `request-refund`): the organizer's policy and its
 * deadline, a form to ask for chosen tickets with a reason (or why refunds are closed), the state of the
 * request just sent, and every earlier request and refund.
 */
export function RefundRequestSection({ booking }: { booking: BuyerBooking }) {
  const zone = booking.event.timeZone;
  const options = useQuery(refundOptionsQuery(booking._id, booking.accessToken));
  const [sent, setSent] = useState<RefundRequestView | null>(null);
  let body: ReactNode;
  if (options.isPending) {
    body = <Loader size="sm" role="status" aria-label="Loading the refund options" />;
  } else if (!options.data) {
    body = (
      <Alert color="red" variant="light" title="The refund options could not be loaded">
        <Group gap="sm">
          {options.error instanceof Error && <Text size="sm">{options.error.message}</Text>}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void options.refetch()}
          >
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const data = options.data;
    const askable = data.tickets.some((t) => t.selectable && t.requestId === null);
    const latest = sent ? (data.requests.find((r) => r._id === sent._id) ?? sent) : null;
    body = (
      <Stack gap="md">
        <PolicyNote options={data} zone={zone} />
        {latest && (
          <Alert
            color={REQUEST_STATUS[latest.status].color}
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={`Your request: ${REQUEST_STATUS[latest.status].label}`}
            data-testid="refund-request-sent"
          >
            <Text size="sm">
              {latest.status === 'REQUESTED'
                ? `We sent your request for ${formatMoney(latest.amount, latest.currency)} to the organizer. You get an email when they answer.`
                : latest.status === 'DECLINED'
                  ? `The organizer declined it${latest.declineReason ? `: ${latest.declineReason}` : '.'}`
                  : `${formatMoney(latest.amount, latest.currency)} is on its way back to the card you paid with.`}
            </Text>
          </Alert>
        )}
        {!data.policy.open ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title="Refunds are closed"
            data-testid="refunds-closed"
          >
            <Text size="sm">
              {data.policy.closedReason ?? 'You can no longer ask for a refund of this booking.'}
            </Text>
          </Alert>
        ) : askable ? (
          <RefundForm booking={booking} options={data} onSent={setSent} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="nothing-to-request">
            Every ticket of this booking is refunded or already in a request.
          </Text>
        )}
        <RefundHistory requests={data.requests} refunds={data.refunds} zone={zone} />
      </Stack>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="refund-title"
      className="no-print"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="refund-title">
          Refunds
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
