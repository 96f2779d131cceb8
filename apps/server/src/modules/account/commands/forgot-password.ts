import { type ForgotPasswordBody, OTP_RESEND_SECONDS, toE164 } from '@marquee/contract';
import { templates } from '../../../lib/templates.js';
import * as repo from '../account.repo.js';
import { issueResetToken, sendCode } from '../codes.js';
import { deliver } from '../delivery.js';
import type { AccountDeps } from '../deps.js';
import { RESET_LINK_MINUTES } from '../messages.js';

/**
 * Forgot password, by SMS code or by email link. Same answer whether or not an account matches:
 * nothing tells an outsider who has an account.
 */
export async function forgotPassword(deps: AccountDeps, body: ForgotPasswordBody) {
  if (body.method === 'MOBILE') {
    const target = toE164(body.countryCode ?? '', body.phone ?? '');
    const user = await repo.findUserByVerifiedPhone(deps.db, target);
    if (user && user.status === 'ACTIVE') await sendCode(deps, 'FORGOT_PASSWORD', user.id, target);
    return { method: 'MOBILE' as const, resendAfterSeconds: OTP_RESEND_SECONDS };
  }
  const user = await repo.findUserByEmail(deps.db, body.email ?? '');
  if (user && user.status === 'ACTIVE') {
    const { token } = await issueResetToken(deps, user.id, RESET_LINK_MINUTES);
    const url = `${deps.config.publicUrl}/reset-link/${token}`;
    const content = templates.passwordResetEmail({
      firstName: user.firstName,
      url,
      minutes: RESET_LINK_MINUTES,
    });
    await deliver(deps, () => deps.mailer.send({ to: user.email, ...content }));
  }
  return { method: 'EMAIL' as const, resendAfterSeconds: OTP_RESEND_SECONDS };
}

/** A new SMS code for the forgot-password flow. */
export function resendPasswordCode(deps: AccountDeps, body: { countryCode: string; phone: string }) {
  return forgotPassword(deps, { method: 'MOBILE', ...body });
}
