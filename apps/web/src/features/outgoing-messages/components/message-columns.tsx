import { Button, Stack, Text } from '@mantine/core';
import type { OutgoingMessageItem } from '@marquee/contract';
import type { DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatCompactDateTime } from '../../../lib/dates';
import { kindLabel, STATUS_COLORS, STATUS_LABELS } from './labels';

const dimmed = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

/** What the message is about: the order's code and the event's title, when they are known. */
function about(m: OutgoingMessageItem) {
  if (!m.orderCode && !m.eventTitle) return dimmed('—');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {m.orderCode && <Text size="sm">{`Order ${m.orderCode}`}</Text>}
      {m.eventTitle && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {m.eventTitle}
        </Text>
      )}
    </Stack>
  );
}

/** Where delivery stands: sent when, or the next attempt and the last error. */
function delivery(m: OutgoingMessageItem) {
  if (m.status === 'SENT' && m.sentAt)
    return <Text size="sm">{`Sent ${formatCompactDateTime(m.sentAt)}`}</Text>;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm">
        {`${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`}
        {m.status === 'PENDING' ? ` · next ${formatCompactDateTime(m.nextAttemptAt)}` : ''}
      </Text>
      {m.lastError && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {m.lastError}
        </Text>
      )}
    </Stack>
  );
}

export function messageColumns(
  onRetry: (m: OutgoingMessageItem) => void,
): DataTableColumn<OutgoingMessageItem>[] {
  return [
    {
      key: 'recipient',
      title: 'Recipient',
      card: 'title',
      render: (m) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.recipient}
          </Text>
          <Text size="xs" c="dimmed">
            {`${kindLabel(m.kind)} · ${m.channel === 'SMS' ? 'SMS' : 'Email'}`}
          </Text>
        </Stack>
      ),
    },
    { key: 'about', title: 'About', render: about },
    {
      key: 'status',
      title: 'Status',
      render: (m) => <EnumBadge value={m.status} labels={STATUS_LABELS} colors={STATUS_COLORS} />,
    },
    { key: 'delivery', title: 'Delivery', render: delivery },
    {
      key: 'createdAt',
      title: 'Created',
      render: (m) => <Text size="sm">{formatCompactDateTime(m.createdAt)}</Text>,
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (m) =>
        m.status === 'SENT' ? null : (
          <Button
            size="xs"
            variant="light"
            aria-label={`Retry the message to ${m.recipient}`}
            onClick={() => onRetry(m)}
          >
            Retry
          </Button>
        ),
    },
  ];
}
