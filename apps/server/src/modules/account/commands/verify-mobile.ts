import { type MobileVerificationBody, toE164 } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { conflict } from '../../../lib/errors.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import { checkCode } from '../codes.js';
import type { AccountDeps } from '../deps.js';
import { PHONE_TAKEN } from '../messages.js';

/** The SMS code is right: the number becomes the account's verified mobile. */
export async function verifyMobile(deps: AccountDeps, actor: Actor, body: MobileVerificationBody) {
  const target = toE164(body.countryCode, body.phone);
  await checkCode(deps, 'MOBILE_VERIFICATION', target, body.code, actor.user.id);
  try {
    await deps.unitOfWork(async (change) => {
      const { tx, now } = change;
      const owner = await repo.findUserByVerifiedPhone(tx, target);
      if (owner && owner.id !== actor.user.id) throw conflict(PHONE_TAKEN);
      const before = await repo.lockUser(tx, actor.user.id);
      await repo.updateUser(tx, actor.user.id, { phone: target, phoneVerified: true, updatedAt: now });
      await auditAccount(change, actor.user.id, {
        action: ACCOUNT_AUDIT.mobileVerified,
        before: { phone: before?.phone ?? null, phoneVerified: before?.phoneVerified ?? false },
        after: { phone: target, phoneVerified: true },
      });
    });
  } catch (error) {
    // Two accounts verifying one number at once: the unique index on verified numbers decides.
    if (isUniqueViolation(error, 'users_verified_phone_idx')) throw conflict(PHONE_TAKEN);
    throw error;
  }
}
