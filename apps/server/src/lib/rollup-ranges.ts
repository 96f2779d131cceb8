import { type SQL, sql } from 'drizzle-orm';

/**
 * Which parts of a dashboard's period are read from the hourly roll-ups and which from the base tables
 * (docs/dashboards.md, "Speed"). A roll-up row stands for one whole UTC hour, so it may only be used
 * where the whole hour falls inside one segment of the period: inside the period itself and, for a
 * chart, inside one of its days or months. Zones whose midnight is not on a whole UTC hour (Asia/Kolkata,
 * +05:30) cut an hour in two at every day: that hour is read from the base tables, like the period's
 * edges and everything from the watermark on (the live tail).
 */

const HOUR_MS = 3_600_000;

export interface Span {
  /** [from, to) */
  from: Date;
  to: Date;
}

export interface RollupSplit {
  /** Whole hours to read from the roll-ups (`hour >= from and hour < to`). */
  rolled: Span[];
  /** Ranges to read from the base tables (`at >= from and at < to`). */
  live: Span[];
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

function append(spans: Span[], from: number, to: number) {
  if (from >= to) return;
  const last = spans.at(-1);
  // Touching spans merge: a whole-hour zone's days make one rolled span and one live tail.
  if (last && last.to.getTime() === from) last.to = new Date(to);
  else spans.push({ from: new Date(from), to: new Date(to) });
}

/**
 * `cuts` are the ascending instants that bound the segments whose rows must not share a roll-up hour
 * (the period's start, each chart bucket's start inside it, the period's end). `rolledUntil` is the
 * roll-ups' watermark (a whole hour; null when nothing was rolled yet).
 */
export function splitByRollup(cuts: Date[], rolledUntil: Date | null): RollupSplit {
  const split: RollupSplit = { rolled: [], live: [] };
  const watermark = rolledUntil?.getTime() ?? Number.NEGATIVE_INFINITY;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = (cuts[i] as Date).getTime();
    const to = (cuts[i + 1] as Date).getTime();
    const first = ceilHour(from);
    const last = Math.min(floorHour(to), watermark);
    if (first < last) {
      append(split.live, from, first);
      append(split.rolled, first, last);
      append(split.live, last, to);
    } else append(split.live, from, to);
  }
  return split;
}

/** Spans of two periods, each marked `current` or not, for statements that sum both at once. */
export interface TaggedSpan extends Span {
  current: boolean;
}

export function tagged(current: Span[], previous: Span[]): TaggedSpan[] {
  return [
    ...current.map((s) => ({ ...s, current: true })),
    ...previous.map((s) => ({ ...s, current: false })),
  ];
}

const instants = (spans: Span[], key: 'from' | 'to') =>
  `{${spans.map((s) => s[key].toISOString()).join(',')}}`;

/**
 * The spans as a relation `name(lo, hi, current)` for a join (`at >= name.lo and at < name.hi`): one
 * index range scan per span. ISO instants have no commas or braces, so the array literals are safe.
 */
export function spansRelation(name: string, spans: (Span | TaggedSpan)[]): SQL {
  const currents = `{${spans.map((s) => ('current' in s ? s.current : true)).join(',')}}`;
  return sql`unnest(${instants(spans, 'from')}::timestamptz[], ${instants(spans, 'to')}::timestamptz[], ${currents}::boolean[]) as ${sql.identifier(name)}(lo, hi, current)`;
}

/** The roll-up splits a dashboard's statements read (`bucketCuts`, `dashboardWindow`). */
export interface DashboardSplits {
  /** The period and the previous one, each span marked (the totals). */
  totals: { rolled: TaggedSpan[]; live: TaggedSpan[] };
  /** The period (figures by event, by ticket type). */
  current: RollupSplit;
  /** The period cut at each chart bucket (the series). */
  series: RollupSplit;
}

export function dashboardSplits(
  w: { start: Date; end: Date; previousStart: Date; previousEnd: Date },
  seriesCuts: Date[],
  rolledUntil: Date | null,
): DashboardSplits {
  const current = splitByRollup([w.start, w.end], rolledUntil);
  const previous = splitByRollup([w.previousStart, w.previousEnd], rolledUntil);
  return {
    totals: { rolled: tagged(current.rolled, previous.rolled), live: tagged(current.live, previous.live) },
    current,
    series: splitByRollup(seriesCuts, rolledUntil),
  };
}
