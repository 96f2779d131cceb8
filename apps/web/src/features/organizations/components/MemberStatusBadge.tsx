import { Badge } from '@mantine/core';
import type { MemberStatus } from '@marquee/contract';
import { MEMBER_STATUS_COLORS, MEMBER_STATUS_LABELS } from './labels';

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return (
    <Badge color={MEMBER_STATUS_COLORS[status]} variant="light" data-testid="member-status">
      {MEMBER_STATUS_LABELS[status]}
    </Badge>
  );
}
