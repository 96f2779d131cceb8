import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RefundRequestView, RefundView } from '@marquee/contract';
import { formatMoney } from '../../../lib/money';
import { dateTime } from '../model/when';

export const REQUEST_STATUS: Record<RefundRequestView['status'], { label: string; color: string }> = {
  REQUESTED: { label: 'Waiting for the organizer', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'blue' },
  DECLINED: { label: 'Declined', color: 'red' },
  PROCESSED: { label: 'Refunded', color: 'teal' },
};

const REFUND_STATUS: Record<RefundView['status'], { label: string; color: string }> = {
  PENDING: { label: 'On its way', color: 'yellow' },
  PROCESSED: { label: 'Refunded', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
};

/** One request: what was asked, and the organizer's answer (with their reason when declined). */
export function RequestCard({ request, zone }: { request: RefundRequestView; zone: string }) {
  const status = REQUEST_STATUS[request.status];
  const money = (amount: number) => formatMoney(amount, request.currency);
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="refund-request">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">{`Request of ${dateTime(request.createdAt, zone)}`}</Text>
          <Badge color={status.color} variant="light" tt="none" data-testid="refund-request-status">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">
          {`${request.tickets.length} ${request.tickets.length === 1 ? 'ticket' : 'tickets'} · ${money(request.amount)} · ${request.reason}`}
        </Text>
        {request.note && (
          <Text size="sm" c="dimmed">
            {`Your note: ${request.note}`}
          </Text>
        )}
        {request.tickets.length > 1 && (
          <Stack gap={0} component="ul" m={0} pl="md">
            {request.tickets.map((ticket) => (
              <Text key={ticket._id} size="xs" component="li">
                {`${ticket.ticketTypeName}${ticket.attendeeName ? ` (${ticket.attendeeName})` : ''}: ${money(ticket.amount)} · ${REQUEST_STATUS[ticket.status].label}`}
              </Text>
            ))}
          </Stack>
        )}
        {request.status === 'DECLINED' && request.declineReason && (
          <Text size="sm" c="red.8" data-testid="decline-reason">
            {`The organizer's reason: ${request.declineReason}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Earlier requests and refunds of the booking, newest first, each with its state. */
export function RefundHistory({
  requests,
  refunds,
  zone,
}: {
  requests: RefundRequestView[];
  refunds: RefundView[];
  zone: string;
}) {
  if (requests.length === 0 && refunds.length === 0) return null;
  return (
    <Stack gap="sm">
      {requests.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Your requests
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {requests.map((request) => (
              <RequestCard key={request._id} request={request} zone={zone} />
            ))}
          </Stack>
        </Stack>
      )}
      {refunds.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Refunds
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {refunds.map((refund) => {
              const status = REFUND_STATUS[refund.status];
              return (
                <Paper key={refund._id} withBorder radius="md" p="sm" component="li" data-testid="refund">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {formatMoney(refund.amount, refund.currency)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`${refund.ticketIds.length} ${refund.ticketIds.length === 1 ? 'ticket' : 'tickets'} · ${dateTime(refund.processedAt ?? refund.createdAt, zone)}`}
                      </Text>
                    </Stack>
                    <Badge color={status.color} variant="light" tt="none">
                      {status.label}
                    </Badge>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
