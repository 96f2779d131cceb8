import type { PayoutInfo } from '@marquee/contract';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import type { Who } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { OrganizationRow } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { requireOrganization } from '../../lib/access/tenancy.query.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { consoleBaseFor } from '../../lib/origins.js';
import { currentRequest } from '../../lib/request-context.js';
import { findOrganization } from '../organizations/index.js';
import * as repo from './payouts.repo.js';

export const PROVIDER_FAILED = 'The payment provider did not answer. Please try again in a few minutes.';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Payout onboarding of an organization through the payments port. Only those who manage the
 * organization (its owner, administrators) reach any of it; everyone else gets the tenancy 404.
 *
 * No provider call runs inside a transaction or while a row is locked (docs/architecture.md, "Provider
 * calls"): the provider is asked first, keyed by the organization so that racing calls get one
 * account, and its answer is then recorded by a guarded update in a short unit of work.
 */
export function createPayoutService(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  config: { publicUrl: string; port: number; apiOrigins: string[] };
  log: Logger;
}) {
  const { db, clock, log, payments } = deps;
  const change = createUnitOfWork({ db, clock, log });

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

  /** The payouts tab on the origin the console was opened on (its session lives there). */
  const tabUrl = (organizationId: string, extra: string) =>
    `${consoleBaseFor(currentRequest(), deps.config)}/organizations/${organizationId}?tab=payouts${extra}`;

  /** Records the provider's account once, audited once, however many calls race to record it. */
  function recordAccount(who: Who, before: OrganizationRow, accountId: string) {
    return change(
      async ({ tx, now, audit }) => {
        const claimed = await repo.claimPayoutAccount(tx, before.id, accountId, now);
        if (!claimed) return (await findOrganization(tx, before.id))?.row ?? before;
        await audit({
          action: 'PAYOUT_ACCOUNT_CREATED',
          entityType: 'ORGANIZATION',
          entityId: before.id,
          organizationId: before.id,
          before: { payoutAccountId: null, payoutStatus: before.payoutStatus },
          after: { payoutAccountId: accountId, payoutStatus: claimed.payoutStatus },
        });
        return claimed;
      },
      { who },
    );
  }

  return {
    /** Creates the organization's account once and answers an onboarding link. */
    async startOnboarding(who: Who, organizationId: string) {
      let { organization } = await requireOrganization(db, who.actor, organizationId, 'manage');
      if (!organization.payoutAccountId) {
        const email = organization.contactEmail ?? who.actor.user.email;
        const { accountId } = await ask(() => payments.createAccount({ organizationId, email }));
        organization = await recordAccount(who, organization, accountId);
      }
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
      const updated = await change(
        async ({ tx, now, audit }) => {
          const after = await repo.changePayoutStatus(
            tx,
            organizationId,
            organization.payoutStatus,
            current,
            now,
          );
          // Another call recorded this (or a newer) status meanwhile: nothing to audit twice.
          if (!after) return (await findOrganization(tx, organizationId))?.row ?? organization;
          await audit({
            action: 'PAYOUT_STATUS_CHANGED',
            entityType: 'ORGANIZATION',
            entityId: organizationId,
            organizationId,
            before: { payoutStatus: organization.payoutStatus },
            after: { payoutStatus: current },
          });
          return after;
        },
        { who },
      );
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
