import { z } from 'zod';
import { MAX_TICKETS_PER_ORDER } from './constants.js';
import { MediaUrl } from './media.js';
import { CurrencyCode } from './money.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/organization';
export const OrganizationId = z.uuid({ error: 'Choose an organization' });
export const ORGANIZATION_TIME_ZONE_MESSAGE = 'Choose a time zone';

/** Used when an organization is created without a currency; the server's `DEFAULT_CURRENCY` overrides it. */
export const FALLBACK_CURRENCY = 'USD';

/** An optional text field: blank becomes null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can have at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
      message: `Enter ${label.toLowerCase()} starting with http:// or https://`,
    });

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

export const SocialLinksBody = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalUrl(`The ${SOCIAL_LABELS[n]} link`)])) as Record<
    SocialNetwork,
    ReturnType<typeof optionalUrl>
  >,
);

export const OrganizationBody = z.object({
  name: z
    .string({ error: 'Enter the organization name' })
    .trim()
    .min(2, 'The organization name needs at least 2 characters')
    .max(120, 'The organization name can have at most 120 characters'),
  description: z
    .string()
    .trim()
    .max(4000, 'The description can have at most 4000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  logo: MediaUrl.nullish().transform((v) => v ?? null),
  contactEmail: z
    .string()
    .trim()
    .max(254, 'The contact email is too long')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid contact email address'),
  contactPhone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || /^\+?[0-9][0-9 ().-]{5,24}$/.test(v),
      'Enter a phone number of digits, optionally starting with +',
    ),
  address: optionalText(300, 'The address'),
  website: optionalUrl('The website'),
  socialLinks: SocialLinksBody.optional(),
  /** Optional: without it a new organization uses the server's default currency and an edit keeps it. */
  currency: CurrencyCode.optional(),
  /**
   * IANA zone its dashboard reads days in (docs/dashboards.md). Optional: a new organization starts in
   * UTC and an edit keeps it. The server checks the name (`isValidTimeZone`): "Choose a time zone".
   */
  timeZone: z
    .string({ error: ORGANIZATION_TIME_ZONE_MESSAGE })
    .trim()
    .min(1, ORGANIZATION_TIME_ZONE_MESSAGE)
    .optional(),
});
export type OrganizationBody = z.input<typeof OrganizationBody>;

export const RefundPolicy = z.enum(['NONE', 'UNTIL_HOURS_BEFORE_START', 'ANY_TIME_BEFORE_START'], {
  error: 'Choose a refund policy',
});
export type RefundPolicy = z.infer<typeof RefundPolicy>;
export const RefundApproval = z.enum(['MANUAL', 'AUTOMATIC'], { error: 'Choose how requests are approved' });
export type RefundApproval = z.infer<typeof RefundApproval>;
export const ServiceFeePayer = z.enum(['BUYER', 'ABSORBED'], { error: 'Choose who pays the service fee' });
export type ServiceFeePayer = z.infer<typeof ServiceFeePayer>;

/** Hard limits of the settings; the defaults are in docs/organizations.md. */
export const REFUND_HOURS_MAX = 24 * 60;
export const MAX_TICKETS_PER_ORDER_LIMIT = MAX_TICKETS_PER_ORDER;

export const RefundSetting = z.object({
  policy: RefundPolicy,
  /** Set only with UNTIL_HOURS_BEFORE_START. */
  hoursBeforeStart: z.number().int().nullable(),
  approval: RefundApproval,
  refundServiceFee: z.boolean(),
});
export type RefundSetting = z.infer<typeof RefundSetting>;

export const TicketSetting = z.object({
  maxTicketsPerOrder: z.number().int(),
  serviceFeePaidBy: ServiceFeePayer,
  transfersAllowed: z.boolean(),
});
export type TicketSetting = z.infer<typeof TicketSetting>;

export const DEFAULT_REFUND_SETTING: RefundSetting = {
  policy: 'UNTIL_HOURS_BEFORE_START',
  hoursBeforeStart: 24,
  approval: 'MANUAL',
  refundServiceFee: false,
};
export const DEFAULT_TICKET_SETTING: TicketSetting = {
  maxTicketsPerOrder: 10,
  serviceFeePaidBy: 'BUYER',
  transfersAllowed: true,
};

export const RefundSettingBody = z
  .object({
    organizationId: OrganizationId,
    policy: RefundPolicy,
    hoursBeforeStart: z.coerce
      .number({ error: 'Enter the number of hours' })
      .int('Enter whole hours')
      .min(1, 'Enter at least 1 hour')
      .max(REFUND_HOURS_MAX, `Enter at most ${REFUND_HOURS_MAX} hours`)
      .nullish(),
    approval: RefundApproval,
    refundServiceFee: z.boolean({ error: 'Say whether the service fee is refunded' }),
  })
  .superRefine((v, ctx) => {
    if (
      v.policy === 'UNTIL_HOURS_BEFORE_START' &&
      (v.hoursBeforeStart === null || v.hoursBeforeStart === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['hoursBeforeStart'],
        message: 'Enter how many hours before the start refunds close',
      });
    }
  })
  .transform((v) => ({
    ...v,
    hoursBeforeStart: v.policy === 'UNTIL_HOURS_BEFORE_START' ? (v.hoursBeforeStart ?? null) : null,
  }));
export type RefundSettingBody = z.input<typeof RefundSettingBody>;

export const TicketSettingBody = z.object({
  organizationId: OrganizationId,
  maxTicketsPerOrder: z.coerce
    .number({ error: 'Enter the maximum tickets per order' })
    .int('Enter a whole number')
    .min(1, 'Allow at least 1 ticket per order')
    .max(MAX_TICKETS_PER_ORDER_LIMIT, `Allow at most ${MAX_TICKETS_PER_ORDER_LIMIT} tickets per order`),
  serviceFeePaidBy: ServiceFeePayer,
  transfersAllowed: z.boolean({ error: 'Say whether tickets may be transferred' }),
});
export type TicketSettingBody = z.input<typeof TicketSettingBody>;

export const PayoutStatus = z.enum(['NOT_STARTED', 'PENDING', 'ACTIVE', 'RESTRICTED']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** What the caller may do with an organization: its owner and administrators manage it; members read it. */
export const OrganizationAccessRole = z.enum(['OWNER', 'ADMIN', 'MEMBER']);
export type OrganizationAccessRole = z.infer<typeof OrganizationAccessRole>;

export const Organization = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  logo: MediaUrl.nullable(),
  logoThumbnail: MediaUrl.nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  socialLinks: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().nullable()])) as Record<
      SocialNetwork,
      z.ZodNullable<z.ZodString>
    >,
  ),
  currency: z.string(),
  /** IANA zone of the organization's days (dashboard figures and charts). */
  timeZone: z.string(),
  owner: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  access: OrganizationAccessRole,
  refundSetting: RefundSetting,
  ticketSetting: TicketSetting,
  payoutStatus: PayoutStatus,
  activeMemberCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof Organization>;

export const panelOrganizationList = defineRoute({
  method: 'GET',
  path: `${P}/panel-organization-list`,
  summary:
    'Organizations the caller may see: an organizer their own and those they are an active member of; an administrator all (filter by owner)',
  tag: 'Organization',
  access: 'session',
  query: pageQuery.extend({ ownerId: z.uuid({ error: 'Choose an owner' }).optional() }),
  response: envelope(pageOf(Organization)),
});

export const OrganizationOwner = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  organizationCount: z.number().int().positive(),
});
export type OrganizationOwner = z.infer<typeof OrganizationOwner>;

export const organizationOwnerList = defineRoute({
  method: 'GET',
  path: `${P}/organization-owner-list`,
  summary: "People who own organizations, for the administrator's owner filter (administrators only)",
  tag: 'Organization',
  access: 'admin',
  query: z.object({ search: z.string().trim().max(200).optional() }),
  response: envelope(z.array(OrganizationOwner)),
});

export const getOrganizationDetail = defineRoute({
  method: 'GET',
  path: `${P}/get-organization-detail`,
  summary: 'One organization (404 when the caller may not see it)',
  tag: 'Organization',
  access: { organization: 'read', from: 'query.organizationId' },
  query: z.object({ organizationId: OrganizationId }),
  response: envelope(Organization),
});

export const createOrganization = defineRoute({
  method: 'POST',
  path: `${P}/create-organization`,
  summary: 'Create an organization owned by the signed-in organizer, with default settings',
  tag: 'Organization',
  access: 'approved-organizer',
  refusal: { message: 'Only approved organizers can create organizations.' },
  body: OrganizationBody,
  response: envelope(Organization),
});

export const updateOrganization = defineRoute({
  method: 'PUT',
  path: `${P}/update-organization`,
  summary: "Edit an organization's profile",
  tag: 'Organization',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: z.intersection(OrganizationBody, z.object({ organizationId: OrganizationId })),
  response: envelope(Organization),
});

export const updateRefundSetting = defineRoute({
  method: 'PUT',
  path: `${P}/update-refund-setting`,
  summary: 'Refund policy, approval of buyers’ requests, and whether the service fee is refunded',
  tag: 'Organization',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: RefundSettingBody,
  response: envelope(Organization),
});

export const updateTicketSetting = defineRoute({
  method: 'PUT',
  path: `${P}/update-ticket-setting`,
  summary: 'Maximum tickets per order, who pays the service fee, whether tickets may be transferred',
  tag: 'Organization',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: TicketSettingBody,
  response: envelope(Organization),
});
