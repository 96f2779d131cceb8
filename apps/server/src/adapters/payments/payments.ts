/**
 * The payments port: how the product creates and follows the payout (connected) account of an
 * organization. Two adapters: the sandbox (default; works offline through a local onboarding page)
 * and Stripe Connect Express (when `STRIPE_SECRET_KEY` is set). See docs/payments.md.
 */
export type PayoutStatus = 'NOT_STARTED' | 'PENDING' | 'ACTIVE' | 'RESTRICTED';

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Creates the connected account of one organization; returns the provider's account id. Idempotent
   * per organization: calls racing for the same organization get the same account (sandbox: a unique
   * index; Stripe: an idempotency key derived from the organization id).
   */
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
  // issue 10 (selling core): checkout starts a payment through this method.
  /**
   * Starts paying one booking: `amount` (minor units of `currency`) charged to the buyer, of which
   * `applicationFee` is the platform's and the rest goes to `destinationAccountId` (null: the platform
   * keeps it all, e.g. no payout account yet). Idempotent per `idempotencyKey`. The answer's
   * `providerRef` is what the provider's callbacks name; the buyer goes to `redirectUrl` (sandbox
   * card page) or pays in place with `clientSecret` (Stripe Payment Element).
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
}

export interface CreatePaymentInput {
  paymentId: string;
  bookingId: string;
  bookingCode: string;
  description: string;
  amount: number;
  currency: string;
  applicationFee: number;
  destinationAccountId: string | null;
  returnUrl: string;
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerRef: string;
  redirectUrl: string | null;
  clientSecret: string | null;
}
