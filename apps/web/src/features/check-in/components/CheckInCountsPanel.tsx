import { Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CheckInCounts } from '@marquee/contract';
import { formatTime } from '@marquee/time';
import type { LiveState } from '../live/use-check-in-live';

const LIVE_LABELS: Record<LiveState, { label: string; color: string }> = {
  live: { label: 'Live', color: 'teal' },
  connecting: { label: 'Connecting…', color: 'gray' },
  reconnecting: { label: 'Reconnecting…', color: 'yellow' },
};

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Checked in / sold for the date, overall and per ticket type, kept current by the live stream. */
export function CheckInCountsPanel({
  counts,
  live,
  online,
  zone,
  waiting = 0,
}: {
  counts: CheckInCounts | undefined;
  live: LiveState;
  /** Admissions this device decided offline, not synced yet: counted in, and said to be waiting. */
  waiting?: number;
  /** Without network and without figures yet, say so instead of loading forever. */
  online: boolean;
  zone: string;
}) {
  const state = LIVE_LABELS[live];
  const checkedIn = counts ? counts.checkedIn + waiting : 0;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        {/* On a phone the "As of" time and the live state move under the count rather than squeeze it. */}
        <Group justify="space-between" gap="xs">
          {counts ? (
            <Group gap="xs" align="baseline">
              <Text
                fz={{ base: 22, sm: 26 }}
                fw={700}
                data-testid="checkin-count"
                style={{ whiteSpace: 'nowrap' }}
              >
                {`${checkedIn} / ${counts.sold} checked in`}
              </Text>
              {waiting > 0 && (
                <Text size="sm" c="orange.9" fw={600} data-testid="checkin-count-waiting">
                  {`${waiting} waiting to sync`}
                </Text>
              )}
            </Group>
          ) : online ? (
            <Skeleton height={28} width={200} aria-label="Loading the counts" />
          ) : (
            <Text c="dimmed" data-testid="checkin-count-offline">
              Counts show when the network is back.
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            {/* Not pushed live: the figures are as old as their reading (offline, the device's last one). */}
            {counts && live !== 'live' && (
              <Text size="sm" c="dimmed" data-testid="checkin-count-at" style={{ whiteSpace: 'nowrap' }}>
                {`As of ${formatTime(counts.at, zone)}`}
              </Text>
            )}
            <Badge
              color={state.color}
              variant="light"
              tt="none"
              data-testid="live-state"
              style={{ flexShrink: 0 }}
            >
              {state.label}
            </Badge>
          </Group>
        </Group>
        <Progress
          value={counts ? share(checkedIn, counts.sold) : 0}
          size="lg"
          color="teal"
          aria-label="Share checked in"
        />
        {counts && counts.byTicketType.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={4}>
            {counts.byTicketType.map((type) => (
              <Group
                key={type.ticketTypeId}
                gap="sm"
                wrap="nowrap"
                justify="space-between"
                px="xs"
                py={4}
                bg="var(--mantine-color-gray-0)"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text size="sm" truncate>
                  {type.name}
                </Text>
                <Text size="sm" fw={700} data-testid="checkin-count-type" style={{ whiteSpace: 'nowrap' }}>
                  {`${type.checkedIn} / ${type.sold}`}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
