import type { PayoutInfo } from '@marquee/contract';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import type { Db } from '../../db/client.js';
import type { OrganizationRow } from '../../db/schema/index.js';
import { audit, type Who } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { requireOrganization } from '../../lib/tenancy.js';
import { updateOrganization } from '../organizations/organizations.repo.js';

export const PROVIDER_FAILED = 'The payment provider did not answer. Please try again in a few minutes.';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Payout onboarding of an organization through the payments port. Only those who manage the
 * organization (its owner, administrators) reach any of it; everyone else gets the tenancy 404.
 */
export function createPayoutService(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  publicUrl: string;
  log: Logger;
}) {
  const { db, clock, log, payments } = deps;

  /** Calls the provider; its failures become a 502 with a plain message (the cause is logged). */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'payment provider call failed');
      throw new AppError(502, PROVIDER_FAILED);
    }
  }

  function info(row: OrganizationRow): PayoutInfo {
    return {
      status: row.payoutStatus,
      provider: row.payoutAccountId ? payments.name : null,
      hasAccount: !!row.payoutAccountId,
    };
  }

  const tabUrl = (organizationId: string, extra = '') =>
    `${deps.publicUrl}/organizations/${organizationId}?tab=payouts${extra}`;

  return {
    /** Creates the organization's account once (row locked, so never twice) and answers an onboarding link. */
    async startOnboarding(who: Who, organizationId: string) {
      const organization = await db.transaction(async (tx) => {
        const { organization } = await requireOrganization(tx, who.actor, organizationId, 'manage', {
          lock: true,
        });
        if (organization.payoutAccountId) return organization;
        const { accountId } = await ask(() =>
          payments.createAccount({
            organizationId,
            email: organization.contactEmail ?? who.actor.user.email,
          }),
        );
        const now = clock.now();
        const after = await updateOrganization(tx, organizationId, {
          payoutAccountId: accountId,
          payoutStatus: 'PENDING',
          updatedAt: now,
        });
        await audit.record(
          tx,
          who,
          {
            action: 'PAYOUT_ACCOUNT_CREATED',
            entityType: 'ORGANIZATION',
            entityId: organizationId,
            organizationId,
            before: { payoutAccountId: null, payoutStatus: organization.payoutStatus },
            after: { payoutAccountId: accountId, payoutStatus: after.payoutStatus },
          },
          now,
        );
        return after;
      });
      const accountId = organization.payoutAccountId ?? '';
      const { url } = await ask(() =>
        payments.createOnboardingLink({
          accountId,
          returnUrl: tabUrl(organizationId, '&onboarding=return'),
          refreshUrl: tabUrl(organizationId, '&onboarding=refresh'),
        }),
      );
      return { ...info(organization), url };
    },

    /** The stored status, refreshed from the provider (and audited) when it changed there. */
    async status(who: Who, organizationId: string): Promise<PayoutInfo> {
      const { organization } = await requireOrganization(db, who.actor, organizationId, 'manage');
      if (!organization.payoutAccountId) return info(organization);
      const accountId = organization.payoutAccountId;
      const current = await ask(() => payments.getAccountStatus(accountId));
      if (current === organization.payoutStatus) return info(organization);
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        const after = await updateOrganization(tx, organizationId, { payoutStatus: current, updatedAt: now });
        await audit.record(
          tx,
          who,
          {
            action: 'PAYOUT_STATUS_CHANGED',
            entityType: 'ORGANIZATION',
            entityId: organizationId,
            organizationId,
            before: { payoutStatus: organization.payoutStatus },
            after: { payoutStatus: current },
          },
          now,
        );
        return after;
      });
      return info(updated);
    },

    async dashboardLink(who: Who, organizationId: string) {
      const { organization } = await requireOrganization(db, who.actor, organizationId, 'manage');
      const accountId = organization.payoutAccountId;
      if (!accountId) throw conflict('Set up payouts first: this organization has no payout account yet.');
      return ask(() => payments.createDashboardLink(accountId));
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
