import type { UserProfile } from '@marquee/contract';
import { type Actor, isAdmin, isApprovedOrganizer } from '../../../lib/access/index.js';
import { toNonProfitDetail } from '../../account/index.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps } from '../deps.js';

/** The signed-in user's profile: the account, its requests and what the console holds for them. */
export async function profile(deps: AuthDeps, actor: Actor): Promise<UserProfile> {
  const { db, clock } = deps;
  // The user row was read with the session a moment ago, in this same request.
  const { user } = actor;
  // Read on every profile load (one statement), so a deactivated member loses the console on the next
  // one; a scanner-only member's console opens on check-in (docs/check-in.md).
  const facts = await repo.profileFacts(db, {
    userId: user.id,
    now: clock.now(),
    askScansOnly: !(isAdmin(actor) || isApprovedOrganizer(actor)),
  });
  // One literal, not a spread of a second object: every console load asks for this.
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
    isOrganizationMember: facts?.isOrganizationMember === true,
    createdAt: user.createdAt.toISOString(),
    scansOnly: facts?.scansOnly === true,
    nonProfit: toNonProfitDetail(facts?.nonProfit ?? undefined),
    pendingEmail: facts?.pendingEmail ?? null,
  };
}
