import { randomBytes } from 'node:crypto';
import type { Who } from '../../db/audit.js';
import type { Change } from '../../db/unit-of-work.js';
import { type InvitationEmail, issueInvitation, revokeInvitation } from '../account/index.js';
import type { OrganizationDeps } from './deps.js';
import * as repo from './organizations.repo.js';

export const MEMBER_ENTITY = 'ORGANIZATION_MEMBER';

/** A username for an invited person without an account: their address's local part plus a few random characters. */
async function freeUsername(tx: Change['tx'], email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.]/g, '').slice(0, 20) || 'member';
  for (;;) {
    const candidate = `${base.length < 3 ? `${base}member` : base}.${randomBytes(3).toString('hex')}`;
    if (!(await repo.findUserByUsername(tx, candidate))) return candidate;
  }
}

/**
 * Issues a new invitation link for an INVITED member (creating a password-less account for a new
 * person), ending the previous link, in the caller's unit of work. Answers the email to send once it
 * has committed.
 */
export async function issueMemberInvitation(
  deps: OrganizationDeps,
  change: Change,
  who: Who,
  member: repo.MemberRow,
  organization: repo.OrganizationRow,
): Promise<InvitationEmail & { tokenId: string; organizationId: string }> {
  const { tx, now } = change;
  // The link goes to the member's address and is issued for the account that owns that address now
  // (a password-less one for a new person); the membership is linked only when it is accepted.
  const existing = await repo.findUserByEmail(tx, member.email);
  const userId =
    existing?.id ??
    (
      await repo.insertUser(tx, {
        email: member.email,
        username: await freeUsername(tx, member.email),
        firstName: member.firstName,
        lastName: member.lastName,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      })
    ).id;
  if (member.invitationTokenId) await revokeInvitation(tx, member.invitationTokenId, now);
  const link = await issueInvitation(deps.account, tx, userId, now);
  const after = await repo.updateMember(tx, member.id, {
    invitationTokenId: link.tokenId,
    invitedAt: now,
    invitationExpiresAt: link.expiresAt,
    invitedBy: who.actor.user.id,
    updatedAt: now,
  });
  await change.audit({
    action: 'MEMBER_INVITED',
    entityType: MEMBER_ENTITY,
    entityId: member.id,
    organizationId: organization.id,
    before: member,
    after,
  });
  const inviter = who.actor.user;
  return {
    to: member.email,
    organizationName: organization.name,
    inviterName: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.username,
    url: link.url,
    needsPassword: link.needsPassword,
    tokenId: link.tokenId,
    organizationId: organization.id,
  };
}
