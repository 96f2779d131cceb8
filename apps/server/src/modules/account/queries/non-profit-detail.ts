import type { NonProfitDetail } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { nonProfitExemptions } from '../../../db/schema/index.js';
import * as repo from '../account.repo.js';

export function toNonProfitDetail(row: typeof nonProfitExemptions.$inferSelect | undefined): NonProfitDetail {
  if (!row)
    return {
      status: 'NONE',
      legalName: null,
      registrationNumber: null,
      documentUrl: null,
      submittedAt: null,
    };
  return {
    status: row.status,
    legalName: row.legalName,
    registrationNumber: row.registrationNumber,
    documentUrl: row.documentUrl,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** The user's non-profit exemption as the profile shows it ('NONE' when never asked). */
export async function nonProfitDetail(db: DbOrTx, userId: string): Promise<NonProfitDetail> {
  return toNonProfitDetail(await repo.findNonProfit(db, userId));
}

/** The new address a user's email change waits to confirm, if any. */
export async function pendingEmailOf(db: DbOrTx, userId: string, now: Date): Promise<string | null> {
  return (await repo.findPendingEmailChange(db, userId, now))?.newEmail ?? null;
}
