import { z } from 'zod';
import { EmailAddress } from './account.js';
import { OrganizationId } from './organization.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/favorite-user';
export const MemberId = z.uuid({ error: 'Choose a member' });

/** INVITED until the person accepts the invitation; then ACTIVE or INACTIVE as the organizer decides. */
export const MemberStatus = z.enum(['INVITED', 'ACTIVE', 'INACTIVE']);
export type MemberStatus = z.infer<typeof MemberStatus>;

/** How long an invitation link works; a new one can be sent at any time (send-invite). */
export const INVITATION_DAYS = 7;

export const Member = z.object({
  _id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  userId: z.uuid().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: MemberStatus,
  invitedAt: z.iso.datetime().nullable(),
  invitationExpiresAt: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Member = z.infer<typeof Member>;

const PersonName = (label: string) =>
  z
    .string()
    .trim()
    .max(60, `${label} can have at most 60 characters`)
    .nullish()
    .transform((v) => v ?? '');

export const AddMemberBody = z.object({
  organizationId: OrganizationId,
  email: EmailAddress,
  firstName: PersonName('The first name'),
  lastName: PersonName('The last name'),
  /** Send the invitation email at once (default); false only adds the member as INVITED. */
  sendInvite: z.boolean().default(true),
});
export type AddMemberBody = z.input<typeof AddMemberBody>;

const memberListQuery = pageQuery.extend({ status: MemberStatus.optional() });

export const getFavoriteUserList = defineRoute({
  method: 'GET',
  path: `${P}/get-favorite-user-list`,
  summary:
    'Members of every organization the caller manages (optionally one organization); search by name or email, filter by status',
  tag: 'Favorite users',
  access: { organization: 'manage', from: 'query.organizationId', optional: true },
  query: memberListQuery.extend({ organizationId: OrganizationId.optional() }),
  response: envelope(pageOf(Member)),
});

export const organizationUserList = defineRoute({
  method: 'GET',
  path: '/api/v1/organization/organization-user-list',
  summary: "One organization's members; search by name or email, filter by status",
  tag: 'Organization',
  access: { organization: 'manage', from: 'query.organizationId' },
  query: memberListQuery.extend({ organizationId: OrganizationId }),
  response: envelope(pageOf(Member)),
});

export const addFavoriteUser = defineRoute({
  method: 'POST',
  path: `${P}/add-favorite-user`,
  summary: 'Add a member by email (an existing account is linked) and, by default, email the invitation',
  tag: 'Favorite users',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: AddMemberBody,
  response: envelope(Member),
});

export const sendInvite = defineRoute({
  method: 'POST',
  path: `${P}/send-invite`,
  summary: `Email a new invitation link (valid ${INVITATION_DAYS} days) to a member who has not accepted yet; earlier links stop working`,
  tag: 'Favorite users',
  access: { member: 'manage', from: 'body.memberId' },
  body: z.object({ memberId: MemberId }),
  response: envelope(Member),
});

export const favoriteUserDetail = defineRoute({
  method: 'GET',
  path: `${P}/favorite-user-detail`,
  summary: 'One member',
  tag: 'Favorite users',
  access: { member: 'manage', from: 'query.memberId' },
  query: z.object({ memberId: MemberId }),
  response: envelope(Member),
});

export const favoriteUserUpdateStatus = defineRoute({
  method: 'PUT',
  path: `${P}/favorite-user-update-status`,
  summary: 'Activate or deactivate a member who accepted; an inactive member loses access at once',
  tag: 'Favorite users',
  access: { member: 'manage', from: 'body.memberId' },
  body: z.object({
    memberId: MemberId,
    status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'Choose active or inactive' }),
  }),
  response: envelope(Member),
});

export const deleteFavoriteUser = defineRoute({
  method: 'DELETE',
  path: `${P}/delete-favorite-user`,
  summary: 'Remove a member (an open invitation link stops working)',
  tag: 'Favorite users',
  access: { member: 'manage', from: 'body.memberId' },
  body: z.object({ memberId: MemberId }),
  response: envelope(z.null()),
});
