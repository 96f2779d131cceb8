import { tzName, tzOffset } from '@date-fns/tz';

let supported: Set<string> | undefined;
function supportedZones(): Set<string> {
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supported;
}

/** `Area/Location` as the IANA database spells it (case included): `Europe/Berlin`. */
const IANA_SHAPE = /^[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+)+$/;

/**
 * True for `UTC` and for IANA zone names the runtime knows. `Intl.supportedValuesOf` lists only
 * ICU's canonical names (Node 20 lists `Asia/Calcutta`, not `Asia/Kolkata`), so an IANA-shaped
 * alias counts when the runtime resolves it to a listed zone. Offsets (`+01:00`), abbreviations
 * (`EST`), `Etc/GMT+5` (no place; the list leaves it out) and wrong case (`europe/berlin`, which
 * Intl would accept) are refused: a stored zone is always a name every runtime reads the same way.
 */
export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  if (name === 'UTC') return true;
  if (!IANA_SHAPE.test(name)) return false;
  if (supportedZones().has(name)) return true;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved === 'UTC' || supportedZones().has(resolved);
  } catch {
    return false;
  }
}

/**
 * The zone's offset from UTC at that instant, in minutes, positive east of UTC (Berlin in winter: 60).
 * An unknown zone throws: silently using UTC or the machine's zone would store the wrong instant.
 */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const offset = tzOffset(zone, at);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${zone}`);
  return offset;
}

/** `GMT`, `GMT+1`, `GMT-4`, `GMT+5:30`, `GMT+13:45`: the same text whatever the browser's locale data. */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** `Europe/Berlin (GMT+1)`: the zone and its offset at that instant (it changes with daylight saving). */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return `${zone} (${formatOffset(zoneOffsetMinutes(zone, at))})`;
}

/** `Central European Standard Time` / `Central European Summer Time`, per the instant. */
export function zoneLongName(zone: string, at: Date = new Date()): string {
  return tzName(zone, at, 'long');
}
