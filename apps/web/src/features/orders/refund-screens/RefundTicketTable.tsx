import { Stack, Text } from '@mantine/core';
import type { RefundableTicket } from '@marquee/contract';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatMoney } from '../../../lib/money';
import { inEventZone, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../components/labels';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The tickets of one order with what was paid, refunded and is refundable now. With `selected` the
 * tickets that can be refunded get checkboxes (the others cannot be chosen, even by "select all").
 */
export function RefundTicketTable({
  tickets,
  currency,
  zone,
  selected,
  onSelect,
  toolbar,
  label = 'Tickets to refund',
  extra = [],
}: {
  tickets: RefundableTicket[];
  currency: string;
  zone: string;
  selected?: string[];
  onSelect?: (ids: string[]) => void;
  toolbar?: ReactNode;
  label?: string;
  extra?: DataTableColumn<RefundableTicket>[];
}) {
  const money = (amount: number) => (
    <Text size="sm" style={NUMERIC}>
      {formatMoney(amount, currency)}
    </Text>
  );
  const selectable = new Set(tickets.filter((t) => t.selectable).map((t) => t._id));
  const columns: DataTableColumn<RefundableTicket>[] = [
    {
      key: 'ticket',
      title: 'Ticket',
      card: 'title',
      render: (t) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t.ticketTypeName}
          </Text>
          <Text size="xs" c="dimmed">
            {[t.attendeeName, t.occurrence ? inEventZone(t.occurrence.startsAt, zone) : null]
              .filter(Boolean)
              .join(' · ') || 'Whole course'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (t) => (
        <EnumBadge value={t.status} labels={TICKET_STATUS_LABELS} colors={TICKET_STATUS_COLORS} />
      ),
    },
    { key: 'paid', title: 'Paid', render: (t) => money(t.paid) },
    { key: 'refunded', title: 'Refunded', render: (t) => money(t.refunded) },
    { key: 'refundable', title: 'Refundable now', render: (t) => money(t.refundable) },
    ...extra,
  ];
  return (
    <DataTable<RefundableTicket>
      label={label}
      rows={tickets}
      total={tickets.length}
      page={1}
      limit={Math.max(tickets.length, 1)}
      onPageChange={() => {}}
      rowKey={(t) => t._id}
      columns={columns}
      minWidth={640}
      selection={
        selected && onSelect
          ? { selected, onChange: (ids) => onSelect(ids.filter((id) => selectable.has(id))) }
          : undefined
      }
      toolbar={toolbar}
      emptyMessage="This order has no tickets: tickets are issued when an order is confirmed."
    />
  );
}
