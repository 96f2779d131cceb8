import { OTP_RESEND_SECONDS, toE164 } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import * as repo from '../account.repo.js';
import { sendCode } from '../codes.js';
import type { AccountDeps } from '../deps.js';
import { PHONE_TAKEN } from '../messages.js';

/** A code by SMS to the number a signed-in user wants verified; a number verified elsewhere is a 409. */
export async function sendMobileCode(
  deps: AccountDeps,
  actor: Actor,
  body: { countryCode: string; phone: string },
) {
  const target = toE164(body.countryCode, body.phone);
  const owner = await repo.findUserByVerifiedPhone(deps.db, target);
  if (owner && owner.id !== actor.user.id) throw conflict(PHONE_TAKEN);
  if (owner) throw conflict('This mobile number is already verified on your account.');
  await sendCode(deps, 'MOBILE_VERIFICATION', actor.user.id, target);
  return { resendAfterSeconds: OTP_RESEND_SECONDS };
}
