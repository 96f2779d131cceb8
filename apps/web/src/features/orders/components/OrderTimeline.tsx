import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { OrderDetail } from '@marquee/contract';
import { humanizeEnum } from '../../../components/EnumBadge';
import { inEventZone } from './labels';

const KIND_LABELS: Record<string, string> = {
  HELD: 'Seats held',
  PAYMENT_STARTED: 'Payment started',
  PAYMENT_SUCCEEDED: 'Payment succeeded',
  PAYMENT_FAILED: 'Payment failed',
  CONFIRMED: 'Order confirmed',
  EXPIRED: 'Hold expired',
  CANCELLED: 'Order cancelled',
  EMAIL_SENT: 'Confirmation email sent',
  TICKETS_RESENT: 'Tickets emailed again',
};

/** What happened to the order, oldest first, on the event's wall clock. */
export function OrderTimeline({ order, zone }: { order: OrderDetail; zone: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Timeline
        </Title>
        {order.timeline.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Timeline active={order.timeline.length - 1} bulletSize={14} lineWidth={2}>
            {order.timeline.map((entry) => (
              <Timeline.Item
                key={`${entry.at}-${entry.kind}-${entry.detail ?? ''}`}
                title={KIND_LABELS[entry.kind] ?? humanizeEnum(entry.kind)}
              >
                <Text size="xs" c="dimmed">
                  {inEventZone(entry.at, zone)}
                </Text>
                {entry.detail && <Text size="sm">{entry.detail}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
