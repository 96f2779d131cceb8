export const USER_MANAGEMENT_PATHS = {
  userManagement: '/user-management',
  /** Patterns; build links with the helpers below. The basic profile is the detail's first tab. */
  userDetail: '/user-management/:userId',
  userDetailTab: '/user-management/:userId/:tab',
  bookedEventDetails: '/user-management/:userId/booked-event-details/:bookingId',
} as const;

/** The detail's tabs, named as the spec's screens (`user-detail` has basic-profile, events-booked …). */
export type UserDetailTab =
  | 'basic-profile'
  | 'events-booked'
  | 'booked-event-details'
  | 'created-events'
  | 'organizations';

/** `/user-management/:userId`, or one of its tabs. */
export const userDetailPath = (userId: string, tab: UserDetailTab = 'basic-profile') =>
  `/user-management/${encodeURIComponent(userId)}${tab === 'basic-profile' ? '' : `/${tab}`}`;

/** An order of the user's, on the Booked event details tab. */
export const bookedEventDetailsPath = (userId: string, bookingId: string) =>
  `/user-management/${encodeURIComponent(userId)}/booked-event-details/${encodeURIComponent(bookingId)}`;
