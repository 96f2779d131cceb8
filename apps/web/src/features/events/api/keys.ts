import {
  checkEventEditDeleteAvailability,
  checkEventTitleDuplicacy,
  eventDropDownValues,
  favoriteUserEventList,
  getEventOrganizers,
  getOrganizationDetail,
  getTicketScanners,
  panelOrganizationList,
  panelOrganizerEventDetail,
  panelOrganizerEventList,
  partiallyEventDetail,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const eventKeys = queryKeys('events', {
  list: panelOrganizerEventList,
  detail: panelOrganizerEventDetail,
  header: partiallyEventDetail,
  availability: checkEventEditDeleteAvailability,
  organizers: getEventOrganizers,
  scanners: getTicketScanners,
  memberEvents: favoriteUserEventList,
  /** The form's pickers: organizations the caller manages, catalog, reference types. */
  dropDowns: eventDropDownValues,
  duplicateTitle: checkEventTitleDuplicacy,
});

/** Any change to an event: every list, detail, header and availability answer may have moved. */
export const AFTER_EVENT_CHANGE = [eventKeys.all];

/**
 * Organizations the list can be narrowed to, and the one an organization's event list is fixed to.
 * Read here under the events scope (the organizations feature has no public query for them); an
 * organization's name rarely changes while someone reads its events, so no cross-feature invalidation.
 */
export const organizationRefKeys = queryKeys('event-organizations', {
  options: panelOrganizationList,
  detail: getOrganizationDetail,
});
