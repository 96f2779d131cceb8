import { organizationUserList } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';

const memberOptionKeys = queryKeys('event-team-members', { active: organizationUserList });

/** The organization's ACTIVE members: the only ones who can be given a role on one of its events. */
export const activeMembersQuery = (organizationId: string) =>
  routeQuery(memberOptionKeys.active, { organizationId, status: 'ACTIVE', page: 1, limit: 100 });
