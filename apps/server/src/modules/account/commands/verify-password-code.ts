import { toE164 } from '@marquee/contract';
import { checkCode, issueResetToken } from '../codes.js';
import type { AccountDeps } from '../deps.js';
import { OTP_RESET_TOKEN_MINUTES } from '../messages.js';

/** The SMS code of "forgot password" is right: a short-lived reset token to choose the new password with. */
export async function verifyPasswordCode(
  deps: AccountDeps,
  body: { countryCode: string; phone: string; code: string },
) {
  const row = await checkCode(deps, 'FORGOT_PASSWORD', toE164(body.countryCode, body.phone), body.code);
  const { token, expiresAt } = await issueResetToken(deps, row.userId, OTP_RESET_TOKEN_MINUTES);
  return { resetToken: token, expiresAt: expiresAt.toISOString() };
}
