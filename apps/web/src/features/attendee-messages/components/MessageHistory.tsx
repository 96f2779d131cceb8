import { Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type AttendeeMessageSummary, AUDIENCE_LABELS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListError } from '../../../components/ListError';
import { browserTimeZone, formatCompactDateTime } from '../../../lib/dates';
import { attendeeMessageDetailQuery } from '../api/attendee-message-detail';
import { attendeeMessageListQuery } from '../api/attendee-message-list';

const PAGE = 10;

function DeliveryCounts({ message }: { message: AttendeeMessageSummary }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" color="gray">{`To ${message.recipients}`}</Badge>
      <Badge variant="light" color="green">{`Delivered ${message.delivered}`}</Badge>
      {message.pending > 0 && <Badge variant="light" color="blue">{`Sending ${message.pending}`}</Badge>}
      {message.failed > 0 && <Badge variant="light" color="red">{`Failed ${message.failed}`}</Badge>}
    </Group>
  );
}

function MessageDetailModal({
  eventId,
  messageId,
  onClose,
}: {
  eventId: string;
  messageId: string;
  onClose: () => void;
}) {
  const detail = useQuery(attendeeMessageDetailQuery(eventId, messageId));
  return (
    <Modal
      opened
      onClose={onClose}
      title={detail.data?.subject ?? 'Message'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading the message" />
        </Group>
      ) : detail.error || !detail.data ? (
        <ListError label="Message" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Stack gap="sm" data-testid="message-detail">
          <Text size="sm" c="dimmed">
            {`${detail.data.audience.label} · sent by ${detail.data.sender.name} · ${formatCompactDateTime(detail.data.createdAt)}`}
          </Text>
          <DeliveryCounts message={detail.data} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail.data.body}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** The event's sent messages, newest first: subject, who, when, audience, delivery counts. */
export function MessageHistory({ eventId }: { eventId: string }) {
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery(attendeeMessageListQuery(eventId, limit));
  const zone = browserTimeZone();

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="message-history-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="message-history-title">
          Sent messages
        </Title>
        <Text size="xs" c="dimmed">{`Times in ${zone}`}</Text>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading sent messages" />
          </Group>
        ) : list.error || !list.data ? (
          <ListError label="Sent messages" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-messages">
            No messages sent to this event's attendees yet.
          </Text>
        ) : (
          <Stack gap="sm" data-testid="message-history">
            {list.data.items.map((message) => (
              <Card key={message._id} withBorder padding="sm" data-testid="message-row">
                <Stack gap={6}>
                  <Button
                    variant="subtle"
                    px={0}
                    justify="start"
                    onClick={() => setOpen(message._id)}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  >
                    {message.subject}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {`${formatCompactDateTime(message.createdAt, zone)} · by ${message.sender.name} · ${message.audience.label || AUDIENCE_LABELS[message.audience.kind]}`}
                  </Text>
                  <DeliveryCounts message={message} />
                </Stack>
              </Card>
            ))}
            {list.data.total > list.data.items.length && limit < 100 && (
              <Button variant="default" onClick={() => setLimit((l) => l + PAGE)} loading={list.isFetching}>
                Show more
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {open && <MessageDetailModal eventId={eventId} messageId={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
