import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatCompactDateTime } from '../../../lib/dates';

/** A request's status, and for a decided one who decided, when, and why (a rejection). */
export function Decision({
  status,
  decidedAt,
  decidedBy,
  decisionReason,
}: {
  status: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
}) {
  return (
    <Stack gap={2}>
      <StatusBadge status={status} />
      {decidedAt && (
        <Text size="xs" c="dimmed">
          {formatCompactDateTime(decidedAt)}
          {decidedBy ? ` by ${decidedBy}` : ''}
        </Text>
      )}
      {decisionReason && <Text size="xs">Reason: {decisionReason}</Text>}
    </Stack>
  );
}
