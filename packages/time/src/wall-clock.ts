import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { DATE_FORMAT, TIME_FORMAT } from './formats.js';
import { formatOffset, zoneOffsetMinutes } from './zones.js';

/** A date and time as a clock on the wall of some zone shows it; month is 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * What to do with a wall-clock time that happens twice (the hour after clocks go back):
 * `earlier` (default) is the first pass, still on summer time; `later` the second one.
 */
export type OverlapChoice = 'earlier' | 'later';
/**
 * What to do with a wall-clock time that never happens (the hour skipped when clocks go forward):
 * `forward` (default) moves it on by the length of the gap (02:30 → 03:30), as Temporal's
 * `compatible` disambiguation and java.time do; `reject` throws a `WallClockGapError` naming the gap.
 */
export type GapChoice = 'forward' | 'reject';

export type WallClockResolution =
  /** The wall-clock time happens exactly once. */
  | { kind: 'exact'; instant: Date }
  /** It never happens; `instant` is the shifted one, `skipped` the wall-clock span clocks jump over. */
  | { kind: 'gap'; instant: Date; shiftedTo: WallClock; skipped: { from: WallClock; to: WallClock } }
  /** It happens twice; `instant` is the chosen one. */
  | { kind: 'overlap'; instant: Date; earlier: Date; later: Date; choice: OverlapChoice };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The wall clock as if it were UTC: a plain number to do arithmetic on, no zone involved. */
const asUtcMs = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

function fromUtcMs(ms: number): WallClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const offsetAt = (zone: string, ms: number) => zoneOffsetMinutes(zone, new Date(ms));

/** The instant, in a zone, read off its wall clock: what an edit form shows for a stored time. */
export function wallClockOf(instant: Date | string, zone: string): WallClock {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(instant)}`);
  return fromUtcMs(ms + offsetAt(zone, ms) * MINUTE);
}

const WALL_CLOCK_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads `YYYY-MM-DD HH:mm:ss` (Mantine's date-time value), `YYYY-MM-DD HH:mm`, `YYYY-MM-DDTHH:mm`
 * (`datetime-local`) or a bare date (midnight). Null for anything else, or for a day that is not in
 * the calendar (Feb 30).
 */
export function parseWallClock(text: string): WallClock | null {
  const m = WALL_CLOCK_TEXT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  if (hour > 23 || minute > 59 || second > 59) return null;
  const back = fromUtcMs(asUtcMs(wall));
  return back.year === year && back.month === month && back.day === day ? wall : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss`, the value Mantine's date-time pickers take and give. */
export function formatWallClock(w: WallClock): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

function toWall(wall: WallClock | string): WallClock {
  if (typeof wall !== 'string') return wall;
  const parsed = parseWallClock(wall);
  if (!parsed) throw new RangeError(`Not a date and time: ${wall}`);
  return parsed;
}

/** The instant of a transition between two offsets, to the minute (transitions fall on whole minutes). */
function transitionBetween(zone: string, lo: number, hi: number): number {
  const before = offsetAt(zone, lo);
  let a = lo;
  let b = hi;
  while (b - a > MINUTE) {
    const mid = a + Math.floor((b - a) / MINUTE / 2) * MINUTE;
    if (offsetAt(zone, mid) === before) a = mid;
    else b = mid;
  }
  return b;
}

/**
 * Every instant at which `zone`'s clocks show `wall`. No zone changes offset twice within two
 * days, so the offsets a day either side are the only ones that can apply.
 */
export function resolveWallClock(
  wall: WallClock | string,
  zone: string,
  options: { overlap?: OverlapChoice } = {},
): WallClockResolution {
  const local = asUtcMs(toWall(wall));
  const before = offsetAt(zone, local - DAY);
  const after = offsetAt(zone, local + DAY);
  const matches = [...new Set([before, after])]
    .map((offset) => local - offset * MINUTE)
    .filter((ms) => local - offsetAt(zone, ms) * MINUTE === ms)
    .sort((x, y) => x - y);

  const [first, second] = matches;
  if (first !== undefined && second === undefined) return { kind: 'exact', instant: new Date(first) };
  if (first !== undefined && second !== undefined) {
    const choice = options.overlap ?? 'earlier';
    const instant = new Date(choice === 'later' ? second : first);
    return { kind: 'overlap', instant, earlier: new Date(first), later: new Date(second), choice };
  }
  // A gap: read the time with the offset in force before the jump, which lands the same distance
  // past the jump as the time was past its start (02:30 → 03:30 when 02:00 jumps to 03:00).
  const shifted = local - before * MINUTE;
  const jump = transitionBetween(zone, local - DAY, local + DAY);
  return {
    kind: 'gap',
    instant: new Date(shifted),
    shiftedTo: fromUtcMs(shifted + after * MINUTE),
    skipped: { from: fromUtcMs(jump + before * MINUTE), to: fromUtcMs(jump + after * MINUTE) },
  };
}

/** Thrown for a wall-clock time that never happens when the caller chose `gap: 'reject'`. */
export class WallClockGapError extends RangeError {
  constructor(
    message: string,
    readonly skipped: { from: WallClock; to: WallClock },
  ) {
    super(message);
    this.name = 'WallClockGapError';
  }
}

/** The instant a person means by a date and time entered in `zone`, gaps and overlaps decided per the options. */
export function wallClockToInstant(
  wall: WallClock | string,
  zone: string,
  options: { overlap?: OverlapChoice; gap?: GapChoice } = {},
): Date {
  const resolution = resolveWallClock(wall, zone, options);
  if (resolution.kind === 'gap' && options.gap === 'reject') {
    throw new WallClockGapError(gapMessage(toWall(wall), zone, resolution.skipped), resolution.skipped);
  }
  return resolution.instant;
}

const utc = tz('UTC');
const showTime = (w: WallClock) => format(asUtcMs(w), TIME_FORMAT, { in: utc });
const showDate = (w: WallClock) => format(asUtcMs(w), DATE_FORMAT, { in: utc });

function gapMessage(wall: WallClock, zone: string, skipped: { from: WallClock; to: WallClock }) {
  return `${showTime(wall)} on ${showDate(wall)} does not exist in ${zone}: the clocks go forward from ${showTime(skipped.from)} to ${showTime(skipped.to)}.`;
}

/**
 * A sentence for the person who entered the time when it was not taken as typed (a gap) or could
 * mean two instants (an overlap); null when it happens exactly once.
 */
export function describeResolution(
  wall: WallClock | string,
  zone: string,
  resolution: WallClockResolution,
): string | null {
  const w = toWall(wall);
  if (resolution.kind === 'exact') return null;
  if (resolution.kind === 'gap') {
    return `${gapMessage(w, zone, resolution.skipped)} It is saved as ${showTime(resolution.shiftedTo)}.`;
  }
  const chosen = resolution.choice === 'later' ? 'second' : 'first';
  const offset = formatOffset(offsetAt(zone, resolution.instant.getTime()));
  return `${showTime(w)} happens twice on ${showDate(w)} in ${zone} (the clocks go back); the ${chosen} one (${offset}) is used.`;
}
