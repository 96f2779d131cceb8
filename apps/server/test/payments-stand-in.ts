import type { PaymentsProvider, PayoutStatus } from '../src/adapters/payments/index.js';

/**
 * A small in-memory payments provider honouring the port, for tests: accounts start PENDING and become
 * ACTIVE when the test "completes onboarding" for them, as a person would on the provider's page.
 */
export function paymentsStandIn() {
  const accounts = new Map<
    string,
    { organizationId: string; email: string | null; status: Exclude<PayoutStatus, 'NOT_STARTED'> }
  >();
  const calls: string[] = [];
  const provider: PaymentsProvider = {
    name: 'sandbox',
    async createAccount(input) {
      calls.push(`createAccount:${input.organizationId}`);
      // Idempotent per organization, as the port promises.
      for (const [id, account] of accounts)
        if (account.organizationId === input.organizationId) return { accountId: id };
      const accountId = `acct_test_${accounts.size + 1}`;
      accounts.set(accountId, {
        organizationId: input.organizationId,
        email: input.email,
        status: 'PENDING',
      });
      return { accountId };
    },
    async createOnboardingLink(input) {
      if (!accounts.has(input.accountId)) throw new Error(`no such account ${input.accountId}`);
      return {
        url: `https://payments.test/onboard/${input.accountId}?return=${encodeURIComponent(input.returnUrl)}`,
      };
    },
    async getAccountStatus(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no such account ${accountId}`);
      return account.status;
    },
    // Payments started by checkout, answered like the sandbox.
    async createPayment(input) {
      calls.push(`createPayment:${input.bookingId}`);
      const providerRef = `test_pay_${input.paymentId}`;
      return { providerRef, redirectUrl: `https://payments.test/pay/${providerRef}`, clientSecret: null };
    },
    // Refunds succeed at once, one per idempotency key, as a provider would answer them.
    async refund(input) {
      calls.push(`refund:${input.refundId}:${input.amount}`);
      return { providerRef: `test_re_${input.idempotencyKey}`, status: 'SUCCEEDED', failureReason: null };
    },
    async createDashboardLink(accountId) {
      if (!accounts.has(accountId)) throw new Error(`no such account ${accountId}`);
      return { url: `https://payments.test/dashboard/${accountId}` };
    },
    parseWebhook() {
      throw new Error('this stand-in receives no webhooks');
    },
  };
  return {
    provider,
    accounts,
    calls,
    complete(accountId: string) {
      const account = accounts.get(accountId);
      if (account) account.status = 'ACTIVE';
    },
  };
}
