import { Badge, type BadgeProps } from '@mantine/core';

/** Words for the API's enum values wherever they appear as badges; lists may pass their own. */
export const ENUM_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  INVITED: 'Invited',
  BEFORE_LOGIN: 'Before login',
  AFTER_LOGIN: 'After login',
  BOTH: 'Before and after login',
};

export const ENUM_COLORS: Record<string, string> = {
  ACTIVE: 'teal',
  APPROVED: 'teal',
  INACTIVE: 'gray',
  PENDING: 'yellow',
  INVITED: 'yellow',
  REJECTED: 'red',
};

/** "SOME_VALUE" → "Some value", for a value no label map knows yet (never shown raw). */
export function humanizeEnum(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function enumLabel(value: string, labels: Record<string, string> = ENUM_LABELS): string {
  return labels[value] ?? ENUM_LABELS[value] ?? humanizeEnum(value);
}

/**
 * A badge showing an enum value in words. It never truncates ("ACTI…"): a narrow cell wraps around it
 * rather than clipping it.
 */
export function EnumBadge({
  value,
  labels,
  colors,
  ...badge
}: {
  value: string;
  labels?: Record<string, string>;
  colors?: Record<string, string>;
} & Omit<BadgeProps, 'children'>) {
  return (
    <Badge
      color={colors?.[value] ?? ENUM_COLORS[value] ?? 'gray'}
      variant="light"
      // Sentence case reads as words; capitals would look like the raw value again.
      tt="none"
      data-value={value}
      {...badge}
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {enumLabel(value, labels)}
    </Badge>
  );
}
