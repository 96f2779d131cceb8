import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { OrderDetail } from '@marquee/contract';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { formatMoney } from '../../../lib/money';
import { ticketsForRefundQuery } from '../api/organizer-tickets-for-refund';
import { inEventZone } from '../components/labels';
import { orderRefundPath, refundRequestPath } from '../paths';
import {
  DUE_STATUS_LABELS,
  REFUND_SOURCE_LABELS,
  REFUND_STATUS_COLORS,
  REFUND_STATUS_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
} from './labels';
import { RefundTicketTable } from './RefundTicketTable';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Whether an order can have refunds at all (paid, or refunded before). */
export const hasRefundSection = (order: OrderDetail) =>
  order.total > 0 && (order.status === 'CONFIRMED' || order.refunded > 0);

/**
 * The order details' "Refunds" section: refunds made, buyers' open requests, what the organizer owes,
 * per-ticket refunded amounts, and the Refund button while something is left to refund.
 */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  const data = useQuery(ticketsForRefundQuery(order._id));
  const zone = order.event.timeZone;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const canRefund = !!data.data && data.data.tickets.some((t) => t.selectable) && data.data.refundable > 0;

  let body: React.ReactNode;
  if (data.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the refunds" />
      </Center>
    );
  } else if (!data.data) {
    body = <ListError label="Refunds" error={data.error} onRetry={() => void data.refetch()} />;
  } else {
    const { refunds, requests, dues, tickets } = data.data;
    const open = requests.filter((r) => r.status === 'REQUESTED');
    const unpaidDues = dues.filter((d) => d.status !== 'SUCCEEDED');
    body = (
      <Stack gap="md">
        <Text size="sm" data-testid="refund-summary">
          {`Refunded ${money(order.refunded)} of ${money(order.total)}; ${money(data.data.refundable)} left to refund.`}
        </Text>
        {open.map((r) => (
          <Alert key={r._id} color="blue" variant="light" title="Refund requested by the buyer">
            <Group gap="sm" wrap="wrap">
              <EnumBadge value={r.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
              <Text size="sm">{`${money(r.amount)} · ${r.reason} · ${inEventZone(r.createdAt, zone)}`}</Text>
              <Anchor component={Link} to={refundRequestPath(r._id, order._id)} size="sm">
                Review the request
              </Anchor>
            </Group>
          </Alert>
        ))}
        {unpaidDues.map((d) => (
          <Alert key={d._id} color="orange" variant="light" title="The organizer owes money for a refund">
            <Text size="sm">
              {`${money(d.amount)} · ${DUE_STATUS_LABELS[d.status] ?? d.status} · since ${inEventZone(d.createdAt, zone)}. The refund goes ahead once it is paid.`}
            </Text>
          </Alert>
        ))}
        {refunds.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-refunds">
            No refunds yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Refunds" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th style={NUMERIC}>To the buyer</Table.Th>
                  <Table.Th style={NUMERIC}>Fee part</Table.Th>
                  <Table.Th style={NUMERIC}>Organizer part</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refunds.map((r) => (
                  <Table.Tr key={r._id}>
                    <Table.Td>
                      <Text size="sm">{inEventZone(r.processedAt ?? r.createdAt, zone)}</Text>
                      <Text size="xs" c="dimmed">
                        {`${r.ticketIds.length} ticket${r.ticketIds.length === 1 ? '' : 's'}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <EnumBadge
                        value={r.status}
                        labels={REFUND_STATUS_LABELS}
                        colors={REFUND_STATUS_COLORS}
                      />
                      {r.failureReason && (
                        <Text size="xs" c="red">
                          {r.failureReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{REFUND_SOURCE_LABELS[r.source] ?? r.source}</Text>
                      {r.initiatedBy && (
                        <Text size="xs" c="dimmed">
                          {r.initiatedBy}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={NUMERIC}>{money(r.amount)}</Table.Td>
                    <Table.Td style={NUMERIC}>{money(r.feePart)}</Table.Td>
                    <Table.Td style={NUMERIC}>{money(r.organizerPart)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {tickets.some((t) => t.refunded > 0) && (
          <RefundTicketTable tickets={tickets} currency={order.currency} zone={zone} label="Ticket refunds" />
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-refunds-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="order-refunds-title">
            Refunds
          </Title>
          {canRefund && (
            <Button
              leftSection={<IconReceiptRefund size={16} aria-hidden />}
              component={Link}
              to={orderRefundPath(order._id)}
            >
              Refund
            </Button>
          )}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
