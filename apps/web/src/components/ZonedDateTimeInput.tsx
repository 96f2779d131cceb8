import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import {
  describeResolution,
  formatWallClock,
  type OverlapChoice,
  resolveWallClock,
  wallClockOf,
} from '@marquee/time';
import { useState } from 'react';

/** The picker shows the spec's date and time formats (`MMM d, yyyy` `h:mm a`) in dayjs tokens. */
const DISPLAY_FORMAT = 'MMM D, YYYY h:mm A';

/** A stored instant as the picker's wall-clock text (`YYYY-MM-DD HH:mm:ss`) in `zone`. */
export function instantToPickerValue(iso: string | null, zone: string): string | null {
  return iso ? formatWallClock(wallClockOf(iso, zone)) : null;
}

/**
 * The picker's wall-clock text, read in `zone`, as the instant to store, with a sentence when the
 * time was moved (skipped by a daylight-saving jump) or could mean two instants (clocks going back).
 */
export function pickerValueToInstant(
  wall: string | null,
  zone: string,
  overlap: OverlapChoice = 'earlier',
): { iso: string | null; note: string | null } {
  if (!wall) return { iso: null, note: null };
  const resolution = resolveWallClock(wall, zone, { overlap });
  return { iso: resolution.instant.toISOString(), note: describeResolution(wall, zone, resolution) };
}

export interface ZonedDateTimeInputProps
  extends Omit<DateTimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'label' | 'type'> {
  /** What the time is, e.g. "Starts"; the zone is added: "Starts (Europe/Berlin)". */
  label: string;
  /** The IANA zone the person reads and types the time in. */
  zone: string;
  /** The instant as the API sends it (ISO), or null. */
  value?: string | null;
  onChange: (iso: string | null) => void;
  /** Which pass of a time that happens twice is meant; the first unless said otherwise. */
  overlap?: OverlapChoice;
}

/**
 * A date-and-time field that edits an instant as the clocks of a stated zone show it, never the
 * browser's unless that is the zone given. Times skipped or repeated by daylight saving are
 * resolved by the shared rule (@marquee/time) and explained under the field.
 */
export function ZonedDateTimeInput({
  label,
  zone,
  value,
  onChange,
  overlap = 'earlier',
  description,
  ...rest
}: ZonedDateTimeInputProps) {
  // What the person typed, kept as typed: feeding the converted instant back while they type would
  // move a time inside a daylight-saving gap (02:… → 03:…) under their fingers.
  const [typed, setTyped] = useState<string | null>(null);
  const stored = value ?? null;
  const typedResolution = typed ? pickerValueToInstant(typed, zone, overlap) : null;
  // A value set from outside (the banner loaded, the form reset) wins over a stale typed one.
  const current = typedResolution?.iso === stored ? typedResolution : null;
  return (
    <DateTimePicker
      {...rest}
      label={`${label} (${zone})`}
      description={current?.note ?? description}
      value={current ? typed : instantToPickerValue(stored, zone)}
      onChange={(wall) => {
        setTyped(wall);
        onChange(pickerValueToInstant(wall, zone, overlap).iso);
      }}
      valueFormat={DISPLAY_FORMAT}
      timePickerProps={{
        format: '12h',
        'aria-label': `${label} time`,
        hoursInputLabel: 'Hours',
        minutesInputLabel: 'Minutes',
        amPmInputLabel: 'AM or PM',
      }}
      submitButtonProps={{ 'aria-label': `Set ${label.toLowerCase()}` }}
    />
  );
}
