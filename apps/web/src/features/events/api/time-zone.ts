import { timeZoneForLocation } from '@marquee/contract';
import { http } from '../../../lib/http';

/** The IANA zone at a point, found offline on the server. Failures are toasted by the http helper. */
export async function findTimeZone(latitude: number, longitude: number): Promise<string> {
  return (await http(timeZoneForLocation, { query: { latitude, longitude } })).result.timeZone;
}
