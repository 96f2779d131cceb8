/**
 * Intl formatters, each built once per locale and options. Building one (`new Intl.NumberFormat`, or
 * what `toLocaleString` with options builds on every call) costs far more than formatting with it: the
 * organizer dashboard's cards and charts spent ~150 ms of a slow machine's main thread building them
 * before their first paint (a CPU profile of the cold dashboard, docs/performance.md).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export const numberFormat = (locale?: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached(
    numberFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );

export const dateTimeFormat = (
  locale?: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat =>
  cached(
    dateTimeFormats,
    `${locale ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );

// Read once per page load: each asking built a formatter, and every API call and every date a list
// shows asked. A zone changed while the console is open (travel, a system setting) counts from the next
// page load.
let zoneName: string | undefined;

/** Temporal where the browser has it (not yet in TypeScript's libraries). */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The zone the browser names (IANA), as it was when the page loaded. Temporal reads it without building
 * a formatter: the first `Intl.DateTimeFormat` of a page loads the locale's calendar data, 15–23 ms on a
 * desktop, and the first API call of every page asked for the zone in the page's first long task
 * (docs/performance.md, "The bench, seventh round"). Both name the zone the system is set to.
 */
export function browserZoneName(): string {
  zoneName ??=
    (globalThis as { Temporal?: TemporalNow }).Temporal?.Now.timeZoneId() ??
    Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zoneName;
}

/**
 * Loads a zone's rules and names into the browser before a page formats its first date in that zone.
 * The first formatter with a zone (`@date-fns/tz` builds one to read offsets) loads them: 14–19 ms on a
 * desktop, four times that on a phone, and on an event's page that happened inside the render that
 * takes over the server's page. Here it runs in a task of its own, while the page's code is still
 * downloading, and the formatter `@date-fns/tz` makes later finds them loaded (docs/performance.md, "The
 * fourteenth round"). The formatter made here is dropped; an unknown zone does nothing.
 */
export function warmZone(zone: string): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(0);
    } catch {
      // Not a zone this browser knows: the page says so where it formats the date.
    }
  }, 0);
}

/** A count as people read it in the browser's locale: `1,234`. */
export const formatCount = (value: number): string => numberFormat().format(value);

/** A chart row's calendar day (no zone) as `Nov 20`, or its month as `Nov 2026`. */
export function bucketLabel(date: string, bucket: 'DAY' | 'MONTH'): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'MONTH'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat('en-US', options).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Forgets the browser's zone and the formatters built so far. A page never needs it (the zone counts
 * from the next page load); the tests share one module instance across files (vitest.config.ts,
 * `isolate: false`), and some run in another zone (`process.env.TZ`), whose name and default-zone
 * formatters must not stay for the next file.
 */
export function forgetIntlCaches(): void {
  zoneName = undefined;
  numberFormats.clear();
  dateTimeFormats.clear();
}
