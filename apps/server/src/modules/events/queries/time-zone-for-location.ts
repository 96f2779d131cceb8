import { badRequest } from '../../../lib/errors.js';
import { AUTHORING_MESSAGES } from '../authoring-messages.js';
import { timeZoneAt } from '../time-zone.js';

/** time-zone-for-location: the IANA zone at a point, or the caller's mistake on `latitude`. */
export function timeZoneForLocation(latitude: number, longitude: number): { timeZone: string } {
  const timeZone = timeZoneAt(latitude, longitude);
  if (!timeZone) {
    throw badRequest(AUTHORING_MESSAGES.zoneNotFound, [
      { field: 'latitude', message: AUTHORING_MESSAGES.zoneNotFound },
    ]);
  }
  return { timeZone };
}
