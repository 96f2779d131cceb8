import type { PayoutInfo } from '@marquee/contract';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { consoleBaseFor } from '../../lib/origins.js';
import { currentRequest } from '../../lib/request-context.js';
import type { OrganizationRow } from './payouts.repo.js';

export const PROVIDER_FAILED = 'The payment provider did not answer. Please try again in a few minutes.';

/** What payout onboarding is given (bound once per app in index.ts). */
export interface PayoutDeps {
  unitOfWork: UnitOfWork;
  payments: PaymentsProvider;
  config: { publicUrl: string; port: number; apiOrigins: string[] };
  log: { error(obj: object, msg: string): void };
}

/**
 * Calls the provider; its failures become a 502 with a plain message (the cause is logged). Never
 * inside a unit of work or while a row is locked (docs/architecture.md, "Provider calls").
 */
export async function askProvider<T>(deps: PayoutDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error }, 'payment provider call failed');
    throw new AppError(502, PROVIDER_FAILED);
  }
}

export function payoutInfo(deps: PayoutDeps, row: OrganizationRow): PayoutInfo {
  return {
    status: row.payoutStatus,
    provider: row.payoutAccountId ? deps.payments.name : null,
    hasAccount: !!row.payoutAccountId,
  };
}

/** The payouts tab on the origin the console was opened on (its session lives there). */
export function payoutsTabUrl(deps: PayoutDeps, organizationId: string, extra: string) {
  return `${consoleBaseFor(currentRequest(), deps.config)}/organizations/${organizationId}?tab=payouts${extra}`;
}
