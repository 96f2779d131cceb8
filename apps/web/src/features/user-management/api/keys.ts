import {
  getAdminBookingDetail,
  getAdminUserDetail,
  getOrganizerCreatedEventList,
  getOrganizerList,
  getUserBookingList,
  getUserList,
  getUserOrganizerList,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const userKeys = queryKeys('admin-users', {
  list: getUserList,
  organizers: getOrganizerList,
  detail: getAdminUserDetail,
  organizations: getUserOrganizerList,
  bookings: getUserBookingList,
  booking: getAdminBookingDetail,
  createdEvents: getOrganizerCreatedEventList,
});
