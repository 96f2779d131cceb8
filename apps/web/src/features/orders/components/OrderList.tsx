import type { OrderSummary } from '@marquee/contract';
import { IconDownload, IconMail, IconReceiptRefund, IconTicket } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type BulkAction, DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { toast } from '../../../lib/toasts';
import { eventMessagesPath } from '../../attendee-messages/paths';
import { orderListQuery } from '../api/organizer-booking-list';
import { eventOrderListQuery } from '../api/organizer-event-booking-list';
import { issueRefundsPath, viewTicketsPath } from '../paths';
import type { ExportFormat } from './ExportMenu';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters';
import { orderColumns } from './order-columns';
import { useExport } from './use-export';

export const ONE_EVENT_FOR_TICKETS = 'Choose orders of one event to view their tickets together.';

const EVENT_ORDER_FILTERS = ORDER_FILTERS.filter((f) => f !== 'eventId' && f !== 'organizationId');

type PageOf<T> = { items: T[]; total: number; page: number; limit: number };

/**
 * A list of orders: every order the caller may read (`organizer-booking-list`), or with `eventId` the
 * orders of one event (`organizer-event-booking-list`). Search, filters, sort and page live in the URL;
 * selected orders can be exported, have their tickets shown or be refunded.
 */
export function OrderList({ eventId }: { eventId?: string }) {
  const list = useListParams(eventId ? EVENT_ORDER_FILTERS : ORDER_FILTERS);
  // Both answer a page of order summaries; one key type stands for both.
  const result: UseQueryResult<PageOf<OrderSummary>> = useQuery(
    eventId
      ? (eventOrderListQuery({ ...list.query, eventId }) as unknown as ReturnType<typeof orderListQuery>)
      : orderListQuery(list.query),
  );
  const navigate = useNavigate();
  const exporter = useExport();
  const [selected, setSelected] = useState<string[]>([]);
  // Rows seen on any page, so a selection spanning pages still knows each order's event.
  const seen = useRef(new Map<string, OrderSummary>());
  for (const row of result.data?.items ?? []) seen.current.set(row._id, row);

  const exportAs = (format: ExportFormat): BulkAction => ({
    label: `Export ${format.toUpperCase()}`,
    action: 'export',
    icon: <IconDownload size={16} aria-hidden />,
    onRun: (ids) => void exporter.start({ kind: 'orders', format, bookingIds: ids.join(',') }),
  });
  const viewTickets: BulkAction = {
    label: 'View tickets',
    action: 'view ticket',
    icon: <IconTicket size={16} aria-hidden />,
    onRun: (ids) => {
      const events = new Set(ids.map((id) => seen.current.get(id)?.event._id ?? eventId));
      const [first] = ids;
      if (!first) return;
      if (events.size > 1) {
        toast.warning(ONE_EVENT_FOR_TICKETS);
        return;
      }
      navigate(viewTicketsPath(first, ids.length > 1 ? { bookingIds: ids } : {}));
    },
  };

  const issueRefund: BulkAction = {
    label: 'Issue refund',
    action: 'issue refund',
    icon: <IconReceiptRefund size={16} aria-hidden />,
    onRun: (ids) => navigate(issueRefundsPath(ids, eventId)),
  };

  // Writing to buyers is about one event: offered on that event's orders.
  const messageBuyers: BulkAction = {
    label: 'Message buyers',
    action: 'message buyers',
    icon: <IconMail size={16} aria-hidden />,
    onRun: (ids) => {
      if (eventId) navigate(eventMessagesPath(eventId, { bookingIds: ids }));
    },
  };

  return (
    <>
      <DataTable<OrderSummary>
        label="Orders"
        minWidth={eventId ? 820 : 980}
        {...tableBinding(list, result, eventId ? 'No orders for this event yet.' : 'No orders yet.')}
        rowKey={(o) => o._id}
        searchPlaceholder="Order code, buyer name or email"
        selection={{ selected, onChange: setSelected }}
        bulkActions={[
          exportAs('csv'),
          exportAs('xlsx'),
          viewTickets,
          issueRefund,
          ...(eventId ? [messageBuyers] : []),
        ]}
        toolbar={<OrderFilters list={list} withEvent={!eventId} />}
        columns={orderColumns({ withEvent: !eventId })}
      />
      {exporter.modal}
    </>
  );
}
