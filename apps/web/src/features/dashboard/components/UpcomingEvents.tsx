import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../../components/ListError';
import { upcomingEventsQuery } from '../api/dashboard-upcoming-event-list';

/**
 * The rows come in their own chunk (with the dates' formatting), asked for with the list's call once
 * the card may ask (`enabled`): the dashboard's first paint does not wait for them.
 */
const loadRows = () => import('./UpcomingRows');
const UpcomingRows = lazy(() => loadRows().then((m) => ({ default: m.UpcomingRows })));

function Loading() {
  return (
    <Stack gap="sm" data-testid="upcoming-loading">
      <Skeleton h={48} />
      <Skeleton h={48} />
    </Stack>
  );
}

/** The next events with how full they are and the quick links the caller may use. */
export function UpcomingEvents({
  organizationId,
  enabled = true,
}: {
  organizationId: string | undefined;
  /** False: not asked for yet (shown as loading meanwhile). */
  enabled?: boolean;
}) {
  const query = useQuery({ ...upcomingEventsQuery(organizationId), enabled });
  useEffect(() => {
    if (enabled) loadRows().catch(() => {});
  }, [enabled]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="upcoming-events-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="md" id="upcoming-events-heading">
            Upcoming events
          </Title>
          {query.data && query.data.total > query.data.items.length && (
            <Anchor component={Link} to="/orders?tab=events" size="sm">
              {`All ${query.data.total}`}
            </Anchor>
          )}
        </Group>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <ListError label="Upcoming events" error={query.error} onRetry={() => query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No upcoming events.
          </Text>
        ) : (
          <Suspense fallback={<Loading />}>
            <UpcomingRows events={query.data.items} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
