import { randomBytes } from 'node:crypto';
import type { AddMemberBody, Member, MemberStatus } from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, type Who } from '../../db/audit.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { defineList, type PageInput } from '../../db/list.js';
import {
  type MemberRow,
  type OrganizationRow,
  organizationMembers,
  organizations,
} from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import { organizationScope, requireOrganization } from '../../lib/access/tenancy.query.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { AccountService, InvitationHooks } from '../account/index.js';
import * as repo from './organizations.repo.js';

type AddInput = z.output<typeof AddMemberBody>;
const AUDIT_ENTITY = 'ORGANIZATION_MEMBER';
const MEMBER = 'The member';

export function toMember(row: { row: MemberRow; organizationName: string }): Member {
  const m = row.row;
  return {
    _id: m.id,
    organizationId: m.organizationId,
    organizationName: row.organizationName,
    userId: m.userId,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    status: m.status,
    invitedAt: m.invitedAt?.toISOString() ?? null,
    invitationExpiresAt: m.status === 'INVITED' ? (m.invitationExpiresAt?.toISOString() ?? null) : null,
    acceptedAt: m.acceptedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

function displayName(m: Pick<MemberRow, 'firstName' | 'lastName' | 'email'>) {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}

/** A username for an invited person without an account: their address's local part plus a few random characters. */
async function freeUsername(tx: DbOrTx, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.]/g, '').slice(0, 20) || 'member';
  for (;;) {
    const candidate = `${base.length < 3 ? `${base}member` : base}.${randomBytes(3).toString('hex')}`;
    if (!(await repo.findUserByUsername(tx, candidate))) return candidate;
  }
}

/** The invitation email to send once the transaction that issued its link has committed. */
type PendingEmail = Parameters<AccountService['sendInvitationEmail']>[0];

export function createMemberService(deps: {
  db: Db;
  clock: Clock;
  account: AccountService;
  log?: { error(obj: object, msg: string): void };
}) {
  const { db, clock, account } = deps;
  const change = createUnitOfWork({ db, clock, log: deps.log });

  /** The member and its organization, when the actor may manage that organization; else 404 "The member". */
  async function requireMember(tx: DbOrTx, actor: Actor, memberId: string, lock = false) {
    const found = await repo.findMember(tx, memberId);
    if (!found) throw notFound(MEMBER);
    const grant = await requireOrganization(tx, actor, found.row.organizationId, 'manage', {
      what: MEMBER,
      lock,
    });
    return { member: found.row, organization: grant.organization };
  }

  async function load(tx: DbOrTx, memberId: string) {
    const found = await repo.findMember(tx, memberId);
    if (!found) throw notFound(MEMBER);
    return toMember(found);
  }

  /**
   * Issues a new invitation link for an INVITED member (creating a password-less account for a new
   * person), ending the previous link. The email goes out after the transaction commits.
   */
  async function invite(
    tx: Tx,
    who: Who,
    member: MemberRow,
    organization: OrganizationRow,
  ): Promise<PendingEmail> {
    const now = clock.now();
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
    if (member.invitationTokenId) await account.revokeInvitation(tx, member.invitationTokenId);
    const link = await account.issueInvitation(tx, userId, now);
    const after = await repo.updateMember(tx, member.id, {
      invitationTokenId: link.tokenId,
      invitedAt: now,
      invitationExpiresAt: link.expiresAt,
      invitedBy: who.actor.user.id,
      updatedAt: now,
    });
    await audit.record(
      tx,
      who,
      {
        action: 'MEMBER_INVITED',
        entityType: AUDIT_ENTITY,
        entityId: member.id,
        organizationId: organization.id,
        before: member,
        after,
      },
      now,
    );
    const inviter = who.actor.user;
    return {
      to: member.email,
      organizationName: organization.name,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.username,
      url: link.url,
      needsPassword: link.needsPassword,
    };
  }

  const memberList = defineList({
    search: [organizationMembers.email, organizationMembers.firstName, organizationMembers.lastName],
    sort: {
      fields: {
        email: organizationMembers.email,
        firstName: organizationMembers.firstName,
        lastName: organizationMembers.lastName,
        status: organizationMembers.status,
        createdAt: organizationMembers.createdAt,
      },
      default: [asc(organizationMembers.email)],
      tieBreaker: organizationMembers.id,
    },
    rows: (window) => repo.memberRows(db, window),
    count: (where) => repo.countMembers(db, where),
    items: (rows) => rows.map(toMember),
  });

  const statusFilter = (status: MemberStatus | undefined) =>
    status ? eq(organizationMembers.status, status) : undefined;

  return {
    /** One organization's members (organization-user-list). */
    async organizationPage(
      actor: Actor,
      query: PageInput & { organizationId: string; status?: MemberStatus },
    ) {
      await requireOrganization(db, actor, query.organizationId, 'manage');
      return memberList(query, [
        eq(organizationMembers.organizationId, query.organizationId),
        statusFilter(query.status),
      ]);
    },

    /** Members of every organization the actor manages, optionally one (get-favorite-user-list). */
    async page(actor: Actor, query: PageInput & { organizationId?: string; status?: MemberStatus }) {
      if (query.organizationId) await requireOrganization(db, actor, query.organizationId, 'manage');
      return memberList(query, [
        organizationScope(actor, 'manage'),
        query.organizationId ? eq(organizations.id, query.organizationId) : undefined,
        statusFilter(query.status),
      ]);
    },

    async detail(actor: Actor, memberId: string) {
      await requireMember(db, actor, memberId);
      return load(db, memberId);
    },

    async add(who: Who, input: AddInput) {
      const { member, email } = await change(
        async ({ tx, afterCommit }) => {
          const { organization } = await requireOrganization(tx, who.actor, input.organizationId, 'manage', {
            lock: true,
          });
          const existing = await repo.findMemberByEmail(tx, organization.id, input.email);
          if (existing) {
            const message = `${input.email} is already on the team of ${organization.name}.`;
            throw conflict(message);
          }
          const user = await repo.findUserByEmail(tx, input.email);
          if (user?.id === organization.ownerId)
            throw conflict(`${input.email} owns ${organization.name} already.`);
          const now = clock.now();
          const row = await repo.insertMember(tx, {
            organizationId: organization.id,
            // No account is linked yet: the invitation is bound to this address, and the account that
            // accepts it from that address is linked then (so nobody can take over someone's invitation).
            userId: null,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            status: 'INVITED',
            invitedBy: who.actor.user.id,
            createdAt: now,
            updatedAt: now,
          });
          await audit.record(
            tx,
            who,
            {
              action: 'MEMBER_ADDED',
              entityType: AUDIT_ENTITY,
              entityId: row.id,
              organizationId: organization.id,
              after: row,
            },
            now,
          );
          const email = input.sendInvite ? await invite(tx, who, row, organization) : null;
          if (email) afterCommit(() => account.sendInvitationEmail(email));
          return { member: await load(tx, row.id), email };
        },
        { who },
      );
      return { member: await load(db, member._id), invited: !!email };
    },

    async sendInvite(who: Who, memberId: string) {
      await change(
        async ({ tx, afterCommit }) => {
          const { member, organization } = await requireMember(tx, who.actor, memberId, true);
          if (member.status !== 'INVITED') {
            throw conflict(`${displayName(member)} has already accepted the invitation.`);
          }
          const email = await invite(tx, who, member, organization);
          afterCommit(() => account.sendInvitationEmail(email));
        },
        { who },
      );
      return load(db, memberId);
    },

    async updateStatus(who: Who, memberId: string, status: 'ACTIVE' | 'INACTIVE') {
      return change(
        async ({ tx }) => {
          const { member } = await requireMember(tx, who.actor, memberId, true);
          if (member.status === 'INVITED') {
            throw conflict(
              `${displayName(member)} has not accepted the invitation yet; the status changes once they do.`,
            );
          }
          const now = clock.now();
          const after = await repo.updateMember(tx, memberId, { status, updatedAt: now });
          await audit.record(
            tx,
            who,
            {
              action: status === 'ACTIVE' ? 'MEMBER_ACTIVATED' : 'MEMBER_DEACTIVATED',
              entityType: AUDIT_ENTITY,
              entityId: memberId,
              organizationId: member.organizationId,
              before: member,
              after,
            },
            now,
          );
          return load(tx, memberId);
        },
        { who },
      );
    },

    async remove(who: Who, memberId: string) {
      return change(
        async ({ tx }) => {
          const { member } = await requireMember(tx, who.actor, memberId, true);
          // Guarded: of parallel deletions, the one whose DELETE returns the row audits it; the others
          // (their read above was taken before it committed) find nothing to delete and answer 404.
          const removed = await repo.deleteMember(tx, memberId);
          if (!removed) throw notFound(MEMBER);
          if (member.invitationTokenId) await account.revokeInvitation(tx, member.invitationTokenId);
          await audit.record(
            tx,
            who,
            {
              action: 'MEMBER_REMOVED',
              entityType: AUDIT_ENTITY,
              entityId: memberId,
              organizationId: member.organizationId,
              before: member,
            },
            clock.now(),
          );
          return displayName(member);
        },
        { who },
      );
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;

/** The account module calls these when an invitation link is used (see `InvitationHooks`). */
export function createInvitationHooks(): InvitationHooks {
  return {
    async describe(db, tokenId) {
      const [row] = await db
        .select({ organizationName: organizations.name })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(
          and(eq(organizationMembers.invitationTokenId, tokenId), eq(organizationMembers.status, 'INVITED')),
        );
      return row ?? null;
    },
    async accepted(tx, { tokenId, userId, requestId, now }) {
      const found = await repo.findInvitedMemberByToken(tx, tokenId);
      if (!found) return null;
      // Bound to the address it was sent to: the accepting account must still own that address.
      const user = await repo.findUserById(tx, userId);
      if (!user || user.email.toLowerCase() !== found.row.email.toLowerCase()) return null;
      if (found.row.userId && found.row.userId !== userId) return null;
      const after = await repo.updateMember(tx, found.row.id, {
        userId,
        status: 'ACTIVE',
        acceptedAt: now,
        invitationTokenId: null,
        updatedAt: now,
      });
      await audit.record(
        tx,
        { userId, requestId },
        {
          action: 'MEMBER_ACCEPTED_INVITATION',
          entityType: AUDIT_ENTITY,
          entityId: found.row.id,
          organizationId: found.row.organizationId,
          before: found.row,
          after,
        },
        now,
      );
      return { organizationName: found.organizationName };
    },
  };
}
