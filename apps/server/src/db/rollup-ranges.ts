import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

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

/** The spans of two splits in one (the period and the previous one: a row tells which by its time). */
export function joinSplits(first: RollupSplit, second: RollupSplit): RollupSplit {
  const joined: RollupSplit = { rolled: [], live: [] };
  for (const key of ['rolled', 'live'] as const) {
    const spans = [...first[key], ...second[key]].sort((a, b) => a.from.getTime() - b.from.getTime());
    for (const span of spans) append(joined[key], span.from.getTime(), span.to.getTime());
  }
  return joined;
}

/**
 * `column` inside one of the spans: an OR of ranges, which PostgreSQL reads as one index range scan per
 * span (a BitmapOr); false when there is none.
 */
export function inSpans(column: AnyColumn | SQL, spans: Span[]): SQL {
  if (!spans.length) return sql`false`;
  const ranges = spans.map(
    (s) =>
      sql`(${column} >= ${s.from.toISOString()}::timestamptz and ${column} < ${s.to.toISOString()}::timestamptz)`,
  );
  return sql`(${sql.join(ranges, sql` or `)})`;
}

/** `column` inside [from, to): which of the two periods a row belongs to. */
export function inRange(column: AnyColumn | SQL, from: Date, to: Date): SQL {
  return sql`(${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz)`;
}

/** The roll-up splits a dashboard's statements read (`bucketCuts`, `dashboardWindow`). */
export interface DashboardSplits {
  /** The period and the previous one (the totals; `inRange` of the period tells the two apart). */
  totals: RollupSplit;
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
    totals: joinSplits(previous, current),
    current,
    series: splitByRollup(seriesCuts, rolledUntil),
  };
}

/**
 * The label of the chart bucket `column` falls in (`chartBuckets`): a binary search over the buckets'
 * starts (`width_bucket`), cheaper than turning every row's instant into a local date.
 */
export function bucketOf(column: AnyColumn | SQL, buckets: { label: string; start: Date }[]): SQL {
  const labels = `{${buckets.map((b) => b.label).join(',')}}`;
  const starts = `{${buckets.map((b) => b.start.toISOString()).join(',')}}`;
  return sql`(${labels}::text[])[width_bucket(${column}, ${starts}::timestamptz[])]`;
}
