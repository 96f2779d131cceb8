import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventWaitingListPath } from '../paths';

/** The event page's way to its waiting list. */
export function WaitingListCard({ eventId }: { eventId: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="waiting-list-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="waiting-list-title">
          Waiting list
        </Title>
        <Text size="sm" c="dimmed">
          Buyers wait for sold-out tickets; seats that come back are offered to them in order.
        </Text>
        <Group>
          <Button
            component={Link}
            to={eventWaitingListPath(eventId)}
            variant="light"
            leftSection={<IconHourglass size={16} aria-hidden />}
          >
            Waiting list
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
