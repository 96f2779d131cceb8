import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  ACTIVE: 'teal',
  INACTIVE: 'gray',
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {status.charAt(0) + status.slice(1).toLowerCase()}
    </Badge>
  );
}
