import { z } from 'zod';
import { OrganizationId, PayoutStatus } from './organization.js';
import { defineRoute, envelope } from './route.js';

export const PayoutInfo = z.object({
  status: PayoutStatus,
  /** Which provider holds the account: the offline sandbox or Stripe Connect. */
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  hasAccount: z.boolean(),
});
export type PayoutInfo = z.infer<typeof PayoutInfo>;

const OrganizationBodyId = z.object({ organizationId: OrganizationId });

export const createOrganizerAccount = defineRoute({
  method: 'POST',
  path: '/api/v1/payment/create-organizer-account',
  summary:
    'Start (or continue) payout onboarding of an organization: creates its provider account once and answers a one-time onboarding link',
  tag: 'Payment',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: OrganizationBodyId,
  response: envelope(PayoutInfo.extend({ url: z.string() })),
});

/** Chosen here: refreshes the stored status from the provider (the payouts tab and the return from onboarding). */
export const getPayoutStatus = defineRoute({
  method: 'GET',
  path: '/api/v1/payment/get-payout-status',
  summary: "An organization's payout status, refreshed from the provider",
  tag: 'Payment',
  access: { organization: 'manage', from: 'query.organizationId' },
  query: OrganizationBodyId,
  response: envelope(PayoutInfo),
});

export const createDashboardLink = defineRoute({
  method: 'POST',
  path: '/api/v1/organizer/create-dashboard-link',
  summary: "A link to the payment provider's dashboard for the organization's payout account",
  tag: 'Organizer',
  access: { organization: 'manage', from: 'body.organizationId' },
  body: OrganizationBodyId,
  response: envelope(z.object({ url: z.string() })),
});
