import { Alert, Anchor, List, Text } from '@mantine/core';
import { formatTime } from '@marquee/time';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DoorConflict } from '../live/conflicts';

function admission(device: string | null, at: string, by: string | null, zone: string): string {
  return `${device ?? 'a device'}${by ? ` (${by})` : ''} at ${formatTime(at, zone)}`;
}

/**
 * Tickets two devices both let in while offline: never silent. Each names the attendee, the ticket and
 * order, and both admissions (device, person, time), so staff can go and look.
 */
export function ConflictsAlert({
  conflicts,
  zone,
  historyPath,
  dateOf,
}: {
  conflicts: readonly DoorConflict[];
  zone: string;
  historyPath: string;
  /** The date of a conflict on another date than the one on screen (null: this date). */
  dateOf: (occurrenceId: string) => string | null;
}) {
  if (conflicts.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Admitted twice while offline"
      data-testid="scan-conflicts"
    >
      <List size="sm" spacing={4}>
        {conflicts.map((c) => (
          <List.Item key={c.scanId} data-testid="scan-conflict">
            <Text size="sm" fw={600} span>
              {c.ticket
                ? `${c.ticket.attendeeName ?? c.ticket.buyerName} · ${c.ticket.ticketTypeName} · Order ${c.ticket.bookingCode}`
                : 'Unknown ticket'}
            </Text>
            <Text size="sm" span>
              {`: admitted by ${admission(c.deviceId, c.scannedAt, null, zone)}`}
              {c.previous
                ? ` and by ${admission(c.previous.deviceId, c.previous.at, c.previous.by, zone)}`
                : ''}
              {dateOf(c.occurrenceId) ? `, on ${dateOf(c.occurrenceId)}` : ''}.
            </Text>
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={historyPath} size="sm" mt="xs" display="inline-block">
        See them in the history
      </Anchor>
    </Alert>
  );
}
