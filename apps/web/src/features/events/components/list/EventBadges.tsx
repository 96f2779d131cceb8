import { Group } from '@mantine/core';
import { EVENT_KIND_LABELS, EVENT_STATUS_LABELS, type EventSummary } from '@marquee/contract';
import { EnumBadge } from '../../../../components/EnumBadge';

const STATUS_COLORS: Record<string, string> = {
  DRAFT: 'gray',
  PUBLISHED: 'teal',
  COMPLETED: 'blue',
  CANCELLED: 'red',
};
/** Visibility and the moderation flags. */
const FLAG_COLORS: Record<string, string> = {
  PUBLIC: 'teal',
  PRIVATE: 'gray',
  BLOCKED: 'red',
  VERIFIED: 'blue',
  REPORTED: 'orange',
  ARCHIVED: 'gray',
};
const KIND_COLORS: Record<string, string> = { SINGLE: 'indigo', MULTI: 'grape', CLASS: 'cyan' };

export function KindBadge({ kind }: { kind: EventSummary['kind'] }) {
  return <EnumBadge value={kind} labels={EVENT_KIND_LABELS} colors={KIND_COLORS} />;
}

type Flagged = Pick<
  EventSummary,
  'status' | 'visibility' | 'isBlocked' | 'isVerified' | 'isReported' | 'isArchived'
>;

/** Status, visibility and the moderation flags, in words (never colour alone). */
export function EventStatusBadges({
  event,
  withVisibility = true,
}: {
  event: Flagged;
  withVisibility?: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap" data-testid="event-status">
      <EnumBadge value={event.status} labels={EVENT_STATUS_LABELS} colors={STATUS_COLORS} />
      {withVisibility && (
        <EnumBadge
          value={event.visibility}
          labels={{ PUBLIC: 'Public', PRIVATE: 'Private' }}
          colors={FLAG_COLORS}
        />
      )}
      {event.isBlocked && <EnumBadge value="BLOCKED" labels={{ BLOCKED: 'Blocked' }} colors={FLAG_COLORS} />}
      {event.isVerified && (
        <EnumBadge value="VERIFIED" labels={{ VERIFIED: 'Verified' }} colors={FLAG_COLORS} />
      )}
      {event.isReported && (
        <EnumBadge value="REPORTED" labels={{ REPORTED: 'Reported' }} colors={FLAG_COLORS} />
      )}
      {event.isArchived && (
        <EnumBadge value="ARCHIVED" labels={{ ARCHIVED: 'Archived' }} colors={FLAG_COLORS} />
      )}
    </Group>
  );
}
