import { Stack, Text } from '@mantine/core';
import type { TicketRow } from '@marquee/contract';
import { IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type BulkAction, DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatMoney } from '../../../lib/money';
import { inEventZone, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from './labels';

/** Scanned or not, in words and with the moment in the event's zone. */
export function ScannedState({ scannedAt, zone }: { scannedAt: string | null; zone: string }) {
  return scannedAt ? (
    <Text size="sm">{`Scanned ${inEventZone(scannedAt, zone)}`}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      Not scanned
    </Text>
  );
}

export function ticketColumns<T extends TicketRow>(
  zone: string,
  options: { withBuyer?: boolean; withScanned?: boolean; extra?: DataTableColumn<T>[] } = {},
): DataTableColumn<T>[] {
  return [
    {
      key: 'ticketTypeName',
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
    ...(options.withBuyer
      ? [
          {
            key: 'buyer',
            title: 'Buyer',
            render: (t: T) => (
              <Stack gap={0}>
                <Text size="sm">{t.buyerName}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {`${t.buyerEmail} · ${t.bookingCode}`}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'date',
      title: 'Date',
      render: (t) => (t.occurrence ? inEventZone(t.occurrence.startsAt, zone) : 'Whole course'),
    },
    { key: 'price', title: 'Price', render: (t) => formatMoney(t.price, t.currency) },
    {
      key: 'status',
      title: 'Status',
      render: (t) => (
        <EnumBadge value={t.status} labels={TICKET_STATUS_LABELS} colors={TICKET_STATUS_COLORS} />
      ),
    },
    ...(options.withScanned === false
      ? []
      : [
          {
            key: 'scanned',
            title: 'Scanned',
            render: (t: T) => <ScannedState scannedAt={t.scannedAt} zone={zone} />,
          },
        ]),
    ...(options.extra ?? []),
  ];
}

/** A "View tickets" bulk action: with nothing chosen it says the spec's empty-selection message. */
export function viewTicketsAction(onRun: (ids: string[]) => void): BulkAction {
  return {
    label: 'View tickets',
    action: 'view ticket',
    icon: <IconTicket size={16} aria-hidden />,
    onRun,
  };
}

/** The tickets of one order (all on one page: an order holds at most the per-order maximum). */
export function OrderTicketTable({
  tickets,
  zone,
  selected,
  onSelect,
  onView,
  toolbar,
}: {
  tickets: TicketRow[];
  zone: string;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onView: (ids: string[]) => void;
  toolbar?: ReactNode;
}) {
  return (
    <DataTable<TicketRow>
      label="Tickets"
      rows={tickets}
      total={tickets.length}
      page={1}
      limit={Math.max(tickets.length, 1)}
      onPageChange={() => {}}
      rowKey={(t) => t._id}
      columns={ticketColumns(zone)}
      selection={{ selected, onChange: onSelect }}
      bulkActions={[viewTicketsAction(onView)]}
      toolbar={toolbar}
      emptyMessage="This order has no tickets: tickets are issued when an order is confirmed."
    />
  );
}
