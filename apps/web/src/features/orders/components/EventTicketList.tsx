import type { TicketRow } from '@marquee/contract';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { eventTicketListQuery } from '../api/organizer-event-booking-ticket-list';
import { eventTicketsIssueRefundsPath, viewTicketsPath } from '../paths';
import { TicketFilters } from './TicketFilters';
import { ticketColumns, viewTicketsAction } from './TicketTable';

export const TICKET_FILTERS = ['status', 'scanned'] as const;

/** The event orders screen's tickets tab (`organizer-event-booking-ticket-list`). */
export function EventTicketList({ eventId, zone }: { eventId: string; zone: string }) {
  const list = useListParams(['tab', ...TICKET_FILTERS] as const);
  const { tab: _tab, ...query } = list.query as Record<string, unknown>;
  const result = useQuery(eventTicketListQuery({ ...query, eventId }));
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const seen = useRef(new Map<string, TicketRow>());
  for (const row of result.data?.items ?? []) seen.current.set(row._id, row);
  return (
    <DataTable<TicketRow>
      label="Tickets"
      minWidth={860}
      {...tableBinding(
        { ...list, isFiltered: list.search !== '' || !!list.filters.status || !!list.filters.scanned },
        result,
        'No tickets for this event yet.',
      )}
      rowKey={(t) => t._id}
      searchPlaceholder="Order code, buyer or attendee"
      selection={{ selected, onChange: setSelected }}
      bulkActions={[
        viewTicketsAction((ids) => {
          const first = seen.current.get(ids[0] ?? '');
          if (first) navigate(viewTicketsPath(first.bookingId, { ticketIds: ids }));
        }),
        {
          label: 'Issue refund',
          action: 'issue refund',
          icon: <IconReceiptRefund size={16} aria-hidden />,
          onRun: (ids) => navigate(eventTicketsIssueRefundsPath(eventId, ids)),
        },
      ]}
      toolbar={<TicketFilters list={list} scanned="scanned" />}
      columns={ticketColumns<TicketRow>(zone, { withBuyer: true })}
    />
  );
}
