/**
 * The payments port: how the product creates and follows the payout (connected) account of an
 * organization, and takes buyers' payments for it. Two adapters: the sandbox (default; works offline
 * through local onboarding and card pages) and Stripe Connect Express (when `STRIPE_SECRET_KEY` is
 * set). See docs/payments.md.
 */
export type PayoutStatus = 'NOT_STARTED' | 'PENDING' | 'ACTIVE' | 'RESTRICTED';

/** What the product asks a provider to charge for one booking. Amounts in minor units of `currency`. */
export interface CreatePaymentInput {
  /** The product's payment id (kept as metadata by the provider). */
  paymentId: string;
  bookingId: string;
  bookingCode: string;
  /** What the buyer sees on the provider's page (the event and the order code). */
  description: string;
  /** What the buyer pays, service fee included. */
  amount: number;
  /** ISO 4217, any case. */
  currency: string;
  /** The platform's part (the service fee); the rest goes to the destination account. */
  applicationFee: number;
  /** The organization's connected account; null keeps the whole amount on the platform. */
  destinationAccountId: string | null;
  /** Where the provider's page sends the buyer back (`?payment=succeeded|failed|processing` added). */
  returnUrl: string;
  /** Asked again with the same key, the provider answers with the same payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment; its webhooks name it. */
  providerRef: string;
  /** A page to send the buyer to (the sandbox's card page), or null when the client pays in place. */
  redirectUrl: string | null;
  /** For a client-side payment form (Stripe's Payment Element), or null. */
  clientSecret: string | null;
}

/** A provider's webhook, verified and read into what the product cares about. */
export interface PaymentWebhook {
  /** The provider's event id: a redelivery carries the same one. */
  eventId: string;
  /** A payment's outcome, a refund's outcome (one the provider confirmed later), or nothing to do. */
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded' | 'refund.failed' | 'ignored';
  providerRef: string | null;
  failureReason: string | null;
  /**
   * What the provider says was charged (minor units; ISO 4217 code, any case), or null when it says
   * nothing: a payment's success is confirmed only when both match the payment (the settlement checks).
   */
  amount: number | null;
  currency: string | null;
}

/** What the webhook route hands to the booking side once per provider event. */
export interface PaymentOutcome {
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  outcome: 'SUCCEEDED' | 'FAILED';
  failureReason: string | null;
  /** What the provider says was charged, as in `PaymentWebhook`. */
  amount: number | null;
  currency: string | null;
}

/** Money back to the buyer of one payment (docs/refunds.md). Amounts in minor units of `currency`. */
export interface RefundPaymentInput {
  /** The product's refund id (kept as metadata by the provider). */
  refundId: string;
  /** The provider's id of the payment refunded. */
  paymentProviderRef: string;
  amount: number;
  currency: string;
  /** The platform's fee given back with it (Stripe: `refund_application_fee`); 0 keeps the fee. */
  applicationFeeRefund: number;
  /** The organizer's part pulled back from the connected account (Stripe: `reverse_transfer`). */
  reverseTransfer: number;
  /** Asked again with the same key, the provider answers with the same refund. */
  idempotencyKey: string;
}

export interface RefundPaymentResult {
  providerRef: string;
  /** PENDING: the provider will confirm later (webhook); FAILED: it refused. */
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  failureReason: string | null;
}

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
  /** Starts a buyer's payment; the outcome arrives later by webhook. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Refunds (part of) a payment. Throws on a transient failure: the caller retries with the same key. */
  refund(input: RefundPaymentInput): Promise<RefundPaymentResult>;
  /**
   * Verifies a webhook's signature over the raw body and reads it; throws a 400 `AppError` when the
   * signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentWebhook;
}
