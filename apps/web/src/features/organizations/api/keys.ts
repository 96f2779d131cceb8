import {
  favoriteUserDetail,
  getOrganizationBalance,
  getOrganizationDetail,
  getPayoutStatus,
  organizationOwnerList,
  organizationUserList,
  panelOrganizationList,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const organizationKeys = queryKeys('organizations', {
  list: panelOrganizationList,
  detail: getOrganizationDetail,
  /** The administrator's owner filter. */
  owners: organizationOwnerList,
});

/** An organization's team (favorite users in the API). */
export const memberKeys = queryKeys('members', {
  list: organizationUserList,
  detail: favoriteUserDetail,
});

export const payoutKeys = queryKeys('payouts', {
  status: getPayoutStatus,
  /** Held balance, payouts and due payments (refunds). */
  balance: getOrganizationBalance,
});

/** A change to a team: its lists and members, and the organization pages that show the team. */
export const AFTER_TEAM_CHANGE = [memberKeys.all, organizationKeys.all];
