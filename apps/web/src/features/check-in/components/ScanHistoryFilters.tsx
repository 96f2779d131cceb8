import { Button, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { resolveWallClock, wallClockOf } from '@marquee/time';
import { useState } from 'react';
import { CARD_LAYOUT_QUERY } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import type { ListParams } from '../../../components/list-params';
import { dateLabel } from './event-dates';
import { CONFLICT_FILTER_OPTIONS, RESULT_FILTER_OPTIONS, SOURCE_FILTER_OPTIONS } from './history-labels';

export const SCAN_HISTORY_FILTERS = [
  'occurrenceId',
  'result',
  'source',
  'scannerId',
  'conflict',
  'from',
  'to',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value on the event's clock. */
function toLocalInput(iso: string | undefined, zone: string): string {
  if (!iso) return '';
  try {
    const w = wallClockOf(iso, zone);
    return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  } catch {
    return '';
  }
}

/** A `datetime-local` value read on the event's clock, as the ISO instant the API filters by. */
function fromLocalInput(value: string, zone: string): string | undefined {
  if (!value) return undefined;
  try {
    return resolveWallClock(value, zone).instant.toISOString();
  } catch {
    return undefined;
  }
}

/**
 * The history's filters, each kept in the URL under the API's name: result, scanner, source, date,
 * conflicts, and a time window read on the event's clock. On a phone they fold behind one button.
 */
export function ScanHistoryFilters({
  list,
  zone,
  scanners,
  dates,
}: {
  list: ListParams;
  zone: string;
  scanners: { _id: string; name: string }[];
  dates: { _id: string; startsAt: string }[];
}) {
  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const active = SCAN_HISTORY_FILTERS.filter((name) => list.filters[name] !== undefined);
  const toggle = (
    <Button variant="default" aria-expanded={open} onClick={() => setOpen(!open)}>
      {`${open ? 'Hide filters' : 'Filters'}${active.length ? ` (${active.length})` : ''}`}
    </Button>
  );
  if (phone && !open) return toggle;
  // A scanner filtered on stays named even if the page of scanners no longer lists them.
  const chosenScanner = list.filters.scannerId;
  const scannerOptions = scanners.map((s) => ({ value: s._id, label: s.name }));
  if (chosenScanner && !scannerOptions.some((o) => o.value === chosenScanner)) {
    scannerOptions.push({ value: chosenScanner, label: 'Chosen scanner' });
  }
  const width = phone ? '100%' : 170;
  return (
    <>
      {phone && toggle}
      <ListFilter list={list} name="result" label="Result" data={RESULT_FILTER_OPTIONS} w={width} />
      <ListFilter
        list={list}
        name="scannerId"
        label="Scanner"
        data={[{ value: '', label: 'All scanners' }, ...scannerOptions]}
        w={width}
      />
      <ListFilter list={list} name="source" label="Source" data={SOURCE_FILTER_OPTIONS} w={width} />
      {dates.length > 1 && (
        <ListFilter
          list={list}
          name="occurrenceId"
          label="Date"
          data={[
            { value: '', label: 'All dates' },
            ...dates.map((d) => ({
              value: d._id,
              label: dateLabel(d.startsAt, zone),
            })),
          ]}
          w={phone ? '100%' : 230}
        />
      )}
      <ListFilter list={list} name="conflict" label="Conflict" data={CONFLICT_FILTER_OPTIONS} w={width} />
      <TextInput
        type="datetime-local"
        aria-label="From"
        title="Scans at or after this time (on the event's clock)"
        leftSection="From"
        leftSectionWidth={48}
        value={toLocalInput(list.filters.from, zone)}
        onChange={(e) => list.set({ from: fromLocalInput(e.currentTarget.value, zone) })}
        w={phone ? '100%' : 240}
      />
      <TextInput
        type="datetime-local"
        aria-label="To"
        title="Scans at or before this time (on the event's clock)"
        leftSection="To"
        leftSectionWidth={48}
        value={toLocalInput(list.filters.to, zone)}
        onChange={(e) => list.set({ to: fromLocalInput(e.currentTarget.value, zone) })}
        w={phone ? '100%' : 240}
      />
      {active.length > 0 && (
        <Button
          variant="subtle"
          onClick={() => list.set(Object.fromEntries(active.map((name) => [name, undefined])))}
        >
          Clear filters
        </Button>
      )}
    </>
  );
}
