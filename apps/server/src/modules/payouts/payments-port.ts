/**
 * The payments port (PAYMENTS-PORT.md), as the payouts module uses it. The adapters (sandbox, Stripe)
 * live in `adapters/payments/`; this file only names the interface until they are merged.
 */
export type PayoutStatus = 'NOT_STARTED' | 'PENDING' | 'ACTIVE' | 'RESTRICTED';

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates the connected account of one organization; returns the provider's account id. */
  createAccount(input: {
    organizationId: string;
    email: string | null;
    country?: string;
  }): Promise<{ accountId: string }>;
  /** A one-time onboarding link; the person returns to returnUrl (or refreshUrl when the link expired). */
  createOnboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** Current status as the provider sees it. */
  getAccountStatus(accountId: string): Promise<Exclude<PayoutStatus, 'NOT_STARTED'>>;
  /** A link to the provider's dashboard for that account. */
  createDashboardLink(accountId: string): Promise<{ url: string }>;
}
