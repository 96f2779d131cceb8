import { organizationUserList, unlinkUserFromEvent, updateOrganizerAndScanners } from '@marquee/contract';
import { routeListQuery, routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';
import { AFTER_EVENT_CHANGE, eventKeys } from './keys';

export const eventOrganizersQuery = (eventId: string) => routeQuery(eventKeys.organizers, { eventId });
export const eventScannersQuery = (eventId: string) => routeQuery(eventKeys.scanners, { eventId });

/** A member's events and role on each (`favorite-user-event-list`), for the member's page. */
export const memberEventsQuery = (memberId: string, page = 1) =>
  routeListQuery(eventKeys.memberEvents, { memberId, page, limit: 10 });

const memberOptionKeys = queryKeys('event-team-members', { active: organizationUserList });

/** The organization's ACTIVE members: the only ones who can be given a role on one of its events. */
export const activeMembersQuery = (organizationId: string) =>
  routeQuery(memberOptionKeys.active, { organizationId, status: 'ACTIVE', page: 1, limit: 100 });

/** `silentSuccess` when the team is saved along with the event: the event's message is the one to show. */
export const useUpdateEventTeam = (silentSuccess = false) =>
  useRouteMutation(updateOrganizerAndScanners, { invalidates: AFTER_EVENT_CHANGE, silentSuccess });
export const useUnlinkEventMember = () =>
  useRouteMutation(unlinkUserFromEvent, { invalidates: AFTER_EVENT_CHANGE });
