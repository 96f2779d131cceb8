import {
  Alert,
  Badge,
  Code,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import type { OutboxChannel } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/http';
import { outboxQueryOptions } from '../api/outbox-list';

/** Development only: what the server's outbox "sent" (codes, reset links, invitations). */
export function DevOutboxPage() {
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<'ALL' | OutboxChannel>('ALL');
  const { data, isPending, error } = useQuery(
    outboxQueryOptions(page, channel === 'ALL' ? undefined : channel),
  );
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Development outbox"
        description="Emails and SMS this demo server captured instead of sending. Newest first; refreshes every 5 seconds."
      />
      <SegmentedControl
        style={{ alignSelf: 'flex-start' }}
        value={channel}
        onChange={(value) => {
          setChannel(value as typeof channel);
          setPage(1);
        }}
        data={[
          { value: 'ALL', label: 'All' },
          { value: 'EMAIL', label: 'Email' },
          { value: 'SMS', label: 'SMS' },
        ]}
      />
      {isPending && <Loader size="sm" />}
      {error && (
        <Alert color="gray" title="Not available">
          {error instanceof HttpError && error.status === 404
            ? 'The development outbox exists only on demo servers, for administrators.'
            : error.message}
        </Alert>
      )}
      {data && data.items.length === 0 && <Text c="dimmed">Nothing has been sent yet.</Text>}
      {data?.items.map((message) => (
        <Paper key={message._id} withBorder radius="md" p="md" data-testid="outbox-message">
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Group gap="xs">
              <Badge variant="light" color={message.channel === 'SMS' ? 'grape' : 'blue'}>
                {message.channel}
              </Badge>
              <Text fw={600} size="sm">
                {message.to}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {format(new Date(message.createdAt), 'MMM d, y - hh:mm:ss a')}
            </Text>
          </Group>
          {message.subject && (
            <Text size="sm" fw={500} mb="xs">
              {message.subject}
            </Text>
          )}
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Code>
        </Paper>
      ))}
      {data && data.total > data.limit && (
        <Pagination
          value={page}
          onChange={setPage}
          total={Math.ceil(data.total / data.limit)}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
