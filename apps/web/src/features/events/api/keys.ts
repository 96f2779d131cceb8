import {
  checkEventEditDeleteAvailability,
  checkEventTitleDuplicacy,
  eventDropDownValues,
  favoriteUserEventList,
  getEventOrganizers,
  getTicketScanners,
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
