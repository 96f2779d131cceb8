import { ListFilter, type ListFilterProps } from '../../../components/ListFilter';
import { TICKET_STATUS_LABELS } from './labels';

/**
 * The two filters of every ticket list: status, and whether the ticket has been scanned. The attendee
 * list words the second as check-in, which is what the door calls it.
 */
export function TicketFilters({
  list,
  scanned,
}: {
  list: ListFilterProps['list'];
  scanned: 'scanned' | 'check-in';
}) {
  const words =
    scanned === 'scanned'
      ? { label: 'Filter by scanned', any: 'Scanned or not', yes: 'Scanned', no: 'Not scanned' }
      : { label: 'Filter by check-in', any: 'Checked in or not', yes: 'Checked in', no: 'Not checked in' };
  return (
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
        label={words.label}
        data={[
          { value: '', label: words.any },
          { value: 'true', label: words.yes },
          { value: 'false', label: words.no },
        ]}
      />
    </>
  );
}
