import type { UserProfile } from '@marquee/contract';
import { type Actor, hasActiveMembership, isAdmin, isApprovedOrganizer } from '../../../lib/access/index.js';
import { nonProfitDetail, pendingEmailOf } from '../../account/index.js';
import type { UserRow } from '../auth.repo.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps } from '../deps.js';

/** The signed-in user's profile: the account, its requests and what the console holds for them. */
export async function profile(deps: AuthDeps, actor: Actor): Promise<UserProfile> {
  const { db, clock } = deps;
  // The user row was read with the session a moment ago, in this same request.
  const { user } = actor;
  const [nonProfit, pendingEmail, isOrganizationMember, scansOnly] = await Promise.all([
    nonProfitDetail(db, user.id),
    pendingEmailOf(db, user.id, clock.now()),
    // Read on every profile load, so a deactivated member loses the console on the next one.
    hasActiveMembership(db, user.id),
    // A scanner-only member's console opens on check-in (docs/check-in.md).
    isAdmin(actor) || isApprovedOrganizer(actor) ? false : repo.isScannerOnly(db, user.id),
  ]);
  return { ...toProfile(user, { isOrganizationMember }), scansOnly, nonProfit, pendingEmail };
}

export function toProfile(user: UserRow, extra: { isOrganizationMember: boolean }): UserProfile {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    avatar: user.avatar,
    role: user.role,
    status: user.status,
    organizerRequest: user.organizerRequest,
    isOrganizationMember: extra.isOrganizationMember,
    createdAt: user.createdAt.toISOString(),
  };
}
