import * as c from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { addRoute } from '../../lib/route.js';
import { acceptInvitation } from './commands/accept-invitation.js';
import { changePassword } from './commands/change-password.js';
import { confirmEmailChange } from './commands/confirm-email-change.js';
import { forgotPassword, resendPasswordCode } from './commands/forgot-password.js';
import { resetPassword } from './commands/reset-password.js';
import { sendMobileCode } from './commands/send-mobile-code.js';
import { sendNonProfitRequest } from './commands/send-non-profit-request.js';
import { sendOrganizerRequest } from './commands/send-organizer-request.js';
import { updateProfile } from './commands/update-profile.js';
import { verifyMobile } from './commands/verify-mobile.js';
import { verifyPasswordCode } from './commands/verify-password-code.js';
import type { AccountDeps } from './deps.js';
import { checkResetLink } from './queries/check-reset-link.js';
import { checkUsername } from './queries/check-username.js';

/** The number or email address a request is about, for the per-target rate limit. */
function targetOf(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { countryCode?: string; phone?: string; email?: string };
  if (body.email) return `email:${body.email.toLowerCase()}`;
  return `phone:${c.toE164(body.countryCode ?? '', body.phone ?? '')}`;
}

/**
 * Sending codes and links is limited per number and per email address (after validation, so the key is
 * the normalized target), whether or not an account matches.
 */
function perTargetLimit(config: Config, name: string) {
  return {
    config: {
      rateLimit: {
        max: config.otp.sendLimitPerHour,
        timeWindow: '1 hour',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `${name}:${targetOf(request)}`,
        errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          message: `Too many codes were requested for this number or address. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
        }),
      },
    },
  };
}

/**
 * Checking codes and link tokens is limited per client address too (before validation, so junk counts),
 * whatever number or account the guesses are about: one address cannot walk through many targets.
 * The answer carries Retry-After.
 */
export function perAddressCheckLimit(config: Config, name: string) {
  return {
    config: {
      rateLimit: {
        max: config.otp.checkLimitPerHour,
        timeWindow: '1 hour',
        keyGenerator: (request: FastifyRequest) => `check-${name}:${request.ip}`,
        errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          message: `Too many codes or links were checked from your network. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
        }),
      },
    },
  };
}

/** The account of the call's session when it carries a valid one; undefined otherwise. */
async function signedInUser(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  if (!request.headers[c.HEADERS.accessToken]) return undefined;
  try {
    await app.authenticate(request);
    return request.actor?.user.id;
  } catch {
    return undefined;
  }
}

export async function accountRoutes(app: FastifyInstance, opts: { deps: AccountDeps }) {
  const { deps } = opts;
  const { config } = deps;
  const sentMessage = 'If an account matches, we have sent it a message.';

  addRoute(
    app,
    c.checkMobileForForgotPassword,
    async ({ body }) => {
      const result = await forgotPassword(deps, body);
      return {
        message:
          result.method === 'MOBILE'
            ? 'If an account matches this number, we have sent it a verification code.'
            : 'If an account matches this email address, we have sent it a reset link.',
        result,
      };
    },
    perTargetLimit(config, 'forgot'),
  );

  addRoute(
    app,
    c.resendOtp,
    async ({ body }) => ({ message: sentMessage, result: await resendPasswordCode(deps, body) }),
    perTargetLimit(config, 'resend'),
  );

  addRoute(
    app,
    c.verifyOtp,
    async ({ body }) => ({
      message: 'Code verified. Choose a new password.',
      result: await verifyPasswordCode(deps, body),
    }),
    perAddressCheckLimit(config, 'verify-otp'),
  );

  addRoute(
    app,
    c.checkResetLink,
    async ({ query }) => ({
      message: 'The link is valid.',
      result: await checkResetLink(deps, query.token),
    }),
    perAddressCheckLimit(config, 'reset-link'),
  );

  addRoute(
    app,
    c.acceptInvitation,
    async ({ body, request }) => {
      // A public call; when it carries a session, that session's account must be the invited one.
      const signedIn = await signedInUser(app, request);
      const result = await acceptInvitation(deps, body.token, request.id, signedIn);
      return {
        message: `Invitation accepted. Sign in to work with ${result.organizationName}.`,
        result: { organizationName: result.organizationName },
      };
    },
    perAddressCheckLimit(config, 'accept-invitation'),
  );

  addRoute(
    app,
    c.passwordReset,
    async ({ body, request }) => {
      const { invitation } = await resetPassword(deps, body, request.id);
      return {
        message: invitation
          ? `Your password is set and you have joined ${invitation.organizationName}. Please sign in.`
          : 'Your password has been reset. Please sign in with the new password.',
        result: null,
      };
    },
    perAddressCheckLimit(config, 'password-reset'),
  );

  addRoute(app, c.changePassword, async ({ actor, body }) => {
    await changePassword(deps, actor, body);
    return { message: 'Your password has been changed. Your other sessions were signed out.', result: null };
  });

  addRoute(app, c.checkUsername, async ({ actor, query }) => {
    const result = await checkUsername(deps, actor, query.username);
    return {
      message: result.available ? 'This username is available.' : 'This username is already taken.',
      result,
    };
  });

  addRoute(app, c.updateProfile, async ({ actor, body }) => {
    const result = await updateProfile(deps, actor, body);
    return {
      message: result.pendingEmail
        ? `Your profile has been updated. We sent a confirmation link to ${result.pendingEmail}; your email changes once you open it.`
        : 'Your profile has been updated.',
      result,
    };
  });

  addRoute(
    app,
    c.confirmEmailChange,
    async ({ body }) => {
      const result = await confirmEmailChange(deps, body.token);
      return { message: `Your email address is now ${result.email}.`, result };
    },
    perAddressCheckLimit(config, 'confirm-email'),
  );

  addRoute(app, c.requestOrganizerAccess, async ({ actor, body }) => ({
    message: 'Your organizer request was sent. An administrator will review it.',
    result: await sendOrganizerRequest(deps, actor, body),
  }));

  addRoute(
    app,
    c.checkMobileForVerification,
    async ({ actor, body }) => ({
      message: 'We have sent a verification code to this number.',
      result: await sendMobileCode(deps, actor, body),
    }),
    perTargetLimit(config, 'verify-mobile'),
  );

  addRoute(
    app,
    c.mobileVerification,
    async ({ actor, body }) => {
      await verifyMobile(deps, actor, body);
      return { message: 'Your mobile number is verified.', result: null };
    },
    perAddressCheckLimit(config, 'mobile-verification'),
  );

  addRoute(app, c.updateNonProfitExemptionDetail, async ({ actor, body }) => ({
    message: 'Your non-profit exemption request was sent. An administrator will review it.',
    result: await sendNonProfitRequest(deps, actor, body),
  }));
}
