import type { Member, Organization } from '@marquee/contract';
import type { Actor, OrganizationRole } from '../../lib/access/index.js';
import { thumbnailOf } from '../media/index.js';
import type { MemberRow, OrganizationRow, OrganizationWithOwner, SocialLinks } from './organizations.repo.js';

export const NO_SOCIAL: SocialLinks = {
  facebook: null,
  instagram: null,
  x: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
};

function fullName(first: string, last: string, fallback: string) {
  return `${first} ${last}`.trim() || fallback;
}

/** What the actor is to an organization, for its answer's `access`. */
export function roleFor(actor: Actor, row: OrganizationRow): OrganizationRole {
  if (row.ownerId === actor.user.id) return 'OWNER';
  return actor.user.role === 'ADMIN' ? 'ADMIN' : 'MEMBER';
}

export function toOrganization(row: OrganizationWithOwner, access: OrganizationRole): Organization {
  const o = row.row;
  return {
    _id: o.id,
    name: o.name,
    description: o.description,
    logo: o.logo as Organization['logo'],
    logoThumbnail: thumbnailOf(o.logo) as Organization['logoThumbnail'],
    contactEmail: o.contactEmail,
    contactPhone: o.contactPhone,
    address: o.address,
    website: o.website,
    socialLinks: { ...NO_SOCIAL, ...o.socialLinks },
    currency: o.currency,
    timeZone: o.timeZone,
    owner: {
      _id: o.ownerId,
      name: fullName(row.ownerFirstName, row.ownerLastName, row.ownerUsername),
      email: row.ownerEmail,
    },
    access,
    refundSetting: {
      policy: o.refundPolicy,
      hoursBeforeStart: o.refundPolicy === 'UNTIL_HOURS_BEFORE_START' ? o.refundHoursBeforeStart : null,
      approval: o.refundApproval,
      refundServiceFee: o.refundServiceFee,
    },
    ticketSetting: {
      maxTicketsPerOrder: o.maxTicketsPerOrder,
      serviceFeePaidBy: o.serviceFeePaidBy,
      transfersAllowed: o.transfersAllowed,
    },
    payoutStatus: o.payoutStatus,
    activeMemberCount: row.activeMemberCount,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

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

export function displayName(m: Pick<MemberRow, 'firstName' | 'lastName' | 'email'>) {
  return `${m.firstName} ${m.lastName}`.trim() || m.email;
}
