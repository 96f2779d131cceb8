import { isValidTimeZone } from '@marquee/time';
import tzLookup from '@photostructure/tz-lookup';

/**
 * The IANA zone at a point, found offline from the boundaries shipped inside the package (no network).
 * Null when the lookup has no answer or answers a name this runtime does not know.
 */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  try {
    const zone = tzLookup(latitude, longitude);
    return isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
