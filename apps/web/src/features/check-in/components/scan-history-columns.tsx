import { Badge, Group, Stack, Text } from '@mantine/core';
import { SCAN_RESULT_LABELS, SCAN_SOURCE_LABELS, type ScanHistoryItem } from '@marquee/contract';
import { formatDateTimeSeconds } from '@marquee/time';
import type { DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { SCAN_RESULT_COLORS } from './history-labels';

const NONE = '—';

/** Plain values in the list's text size (a phone card would show a bare string larger). */
const plain = (value: string | null | undefined) => <Text size="sm">{value ?? NONE}</Text>;
/** Codes people read out letter by letter: never broken across lines. */
const code = (value: string | null | undefined) =>
  value ? (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  ) : (
    plain(null)
  );

/** Who the ticket is for; a code that matched no ticket is shown only by its end. */
function Attendee({ item }: { item: ScanHistoryItem }) {
  if (!item.ticket) {
    return (
      <Text size="sm" c="dimmed">
        Unknown code
        {item.codeTail && (
          <Text span inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>{` …${item.codeTail}`}</Text>
        )}
      </Text>
    );
  }
  const { attendeeName, buyerName } = item.ticket;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {attendeeName ?? buyerName}
      </Text>
      {attendeeName && attendeeName !== buyerName && (
        <Text size="xs" c="dimmed">{`Booked by ${buyerName}`}</Text>
      )}
    </Stack>
  );
}

/** The history's columns; times on the event's clock (`MMM d, y - hh:mm:ss a`). */
export function scanHistoryColumns(zone: string): DataTableColumn<ScanHistoryItem>[] {
  return [
    {
      key: 'scannedAt',
      title: 'Time',
      sortable: true,
      render: (item) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTimeSeconds(item.scannedAt, zone)}
        </Text>
      ),
    },
    {
      key: 'result',
      title: 'Result',
      render: (item) => (
        <Group gap={6} wrap="wrap">
          <EnumBadge value={item.result} labels={SCAN_RESULT_LABELS} colors={SCAN_RESULT_COLORS} />
          {item.conflict && (
            <Badge color="red" variant="filled" tt="none" data-testid="conflict-badge">
              Conflict
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'attendee', title: 'Attendee', card: 'title', render: (item) => <Attendee item={item} /> },
    { key: 'ticketType', title: 'Ticket type', render: (item) => plain(item.ticket?.ticketTypeName) },
    { key: 'order', title: 'Order', render: (item) => code(item.ticket?.bookingCode) },
    { key: 'scanner', title: 'Scanned by', render: (item) => plain(item.scanner?.name) },
    { key: 'device', title: 'Device', render: (item) => code(item.deviceId) },
    { key: 'source', title: 'Source', render: (item) => plain(SCAN_SOURCE_LABELS[item.source]) },
  ];
}
