import type { TicketRow } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { eventTicketListQuery } from '../api/queries';
import { viewTicketsPath } from '../paths';
import { TICKET_STATUS_LABELS } from './labels';
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
      ]}
      toolbar={
        <>
          <ListFilter
            list={list}
            name="status"
            label="Filter by ticket status"
            data={[
              { value: '', label: 'All statuses' },
              ...Object.entries(TICKET_STATUS_LABELS).map(([value, label]) => ({ value, label })),
            ]}
          />
          <ListFilter
            list={list}
            name="scanned"
            label="Filter by scanned"
            data={[
              { value: '', label: 'Scanned or not' },
              { value: 'true', label: 'Scanned' },
              { value: 'false', label: 'Not scanned' },
            ]}
          />
        </>
      }
      columns={ticketColumns<TicketRow>(zone, { withBuyer: true })}
    />
  );
}
