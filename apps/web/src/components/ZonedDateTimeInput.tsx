import '../styles/mantine-dates.css';
import { Group, Input } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { describeResolution, type OverlapChoice, resolveWallClock, wallClockOf } from '@marquee/time';
import { type ReactNode, useId, useState } from 'react';

/** The day and the time as the field holds them: `YYYY-MM-DD` and `HH:mm`, both in the field's zone. */
export interface ZonedDraft {
  date: string | null;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant as the day and time the clocks of `zone` show. */
export function instantToDraft(iso: string | null, zone: string): ZonedDraft {
  if (!iso) return { date: null, time: '' };
  const w = wallClockOf(iso, zone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/**
 * The day and time, read in `zone`, as the instant to store (a day without a time means its
 * start), with a sentence when the time was moved (skipped by a daylight-saving jump) or could
 * mean two instants (clocks going back).
 */
export function draftToInstant(
  draft: ZonedDraft,
  zone: string,
  overlap: OverlapChoice = 'earlier',
): { iso: string | null; note: string | null } {
  if (!draft.date) return { iso: null, note: null };
  const wall = `${draft.date} ${draft.time || '00:00'}`;
  const resolution = resolveWallClock(wall, zone, { overlap });
  return { iso: resolution.instant.toISOString(), note: describeResolution(wall, zone, resolution) };
}

export interface ZonedDateTimeInputProps {
  /** What the time is, e.g. "Starts"; the zone is added: "Starts (Europe/Berlin)". */
  label: string;
  /** The IANA zone the person reads and types the time in. */
  zone: string;
  /** The instant as the API sends it (ISO), or null. */
  value?: string | null;
  onChange: (iso: string | null) => void;
  /** Which pass of a time that happens twice is meant; the first unless said otherwise. */
  overlap?: OverlapChoice;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
}

/**
 * A day and a time that edit an instant as the clocks of a stated zone show it, never the
 * browser's unless that is the zone given. Mantine's date-time picker is not used: it builds the
 * time with the browser's own clock (dayjs), which moves times inside the *browser's* daylight-
 * saving gap. Here the day comes from a calendar (a date has no gap) and the time from a plain
 * time field, joined and resolved by the shared rule (@marquee/time); a moved or doubled time is
 * explained under the field.
 */
export function ZonedDateTimeInput({
  label,
  zone,
  value,
  onChange,
  overlap = 'earlier',
  description,
  error,
  required,
  clearable,
  onFocus,
  onBlur,
}: ZonedDateTimeInputProps) {
  const id = useId();
  // What the person entered, kept as entered: showing the converted instant back while they type
  // would move a time inside a daylight-saving gap (02:… → 03:…) under their fingers.
  const [entered, setEntered] = useState<ZonedDraft | null>(null);
  const stored = value ?? null;
  const enteredResult = entered ? draftToInstant(entered, zone, overlap) : null;
  // A value set from outside (the record loaded, the form reset) wins over a stale entry.
  const draft = entered && enteredResult?.iso === stored ? entered : instantToDraft(stored, zone);
  const note = entered && enteredResult?.iso === stored ? enteredResult.note : null;

  const change = (next: ZonedDraft) => {
    setEntered(next);
    onChange(draftToInstant(next, zone, overlap).iso);
  };
  const fullLabel = `${label} (${zone})`;
  return (
    <Input.Wrapper
      id={id}
      label={fullLabel}
      description={note ?? description}
      error={error}
      required={required}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DatePickerInput
          id={id}
          aria-label={`${fullLabel}: day`}
          value={draft.date}
          onChange={(date) => change({ date, time: date ? draft.time : '' })}
          valueFormat="MMM D, YYYY"
          placeholder="Pick a day"
          clearable={clearable}
          error={!!error}
          onFocus={onFocus}
          onBlur={onBlur}
          style={{ flex: 3, minWidth: 0 }}
        />
        <TimeInput
          aria-label={`${fullLabel}: time`}
          value={draft.time}
          onChange={(event) => change({ date: draft.date, time: event.currentTarget.value })}
          disabled={!draft.date}
          error={!!error}
          style={{ flex: 2, minWidth: 0 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
