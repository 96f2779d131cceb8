import {
  acceptInvitation,
  changePassword,
  checkMobileForForgotPassword,
  checkMobileForVerification,
  checkResetLink,
  checkUsername,
  confirmEmailChange,
  HEADERS,
  mobileVerification,
  passwordReset,
  requestOrganizerAccess,
  resendOtp,
  toE164,
  updateNonProfitExemptionDetail,
  updateProfile,
  verifyOtp,
} from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { addRoute } from '../../lib/route.js';
import type { AccountService } from './account.service.js';

/** The number or email address a request is about, for the per-target rate limit. */
function targetOf(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { countryCode?: string; phone?: string; email?: string };
  if (body.email) return `email:${body.email.toLowerCase()}`;
  return `phone:${toE164(body.countryCode ?? '', body.phone ?? '')}`;
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
  if (!request.headers[HEADERS.accessToken]) return undefined;
  try {
    await app.authenticate(request);
    return request.actor?.user.id;
  } catch {
    return undefined;
  }
}

export async function accountRoutes(app: FastifyInstance, opts: { account: AccountService; config: Config }) {
  const { account, config } = opts;
  const sentMessage = 'If an account matches, we have sent it a message.';

  addRoute(
    app,
    checkMobileForForgotPassword,
    async ({ body }) => {
      const result = await account.forgotPassword(body);
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
    resendOtp,
    async ({ body }) => ({ message: sentMessage, result: await account.resendOtp(body) }),
    perTargetLimit(config, 'resend'),
  );

  addRoute(
    app,
    verifyOtp,
    async ({ body }) => ({
      message: 'Code verified. Choose a new password.',
      result: await account.verifyOtp(body),
    }),
    perAddressCheckLimit(config, 'verify-otp'),
  );

  addRoute(
    app,
    checkResetLink,
    async ({ query }) => ({
      message: 'The link is valid.',
      result: await account.checkResetLink(query.token),
    }),
    perAddressCheckLimit(config, 'reset-link'),
  );

  addRoute(
    app,
    acceptInvitation,
    async ({ body, request }) => {
      // A public call; when it carries a session, that session's account must be the invited one.
      const signedIn = await signedInUser(app, request);
      const result = await account.acceptInvitation(body.token, request.id, signedIn);
      return {
        message: `Invitation accepted. Sign in to work with ${result.organizationName}.`,
        result: { organizationName: result.organizationName },
      };
    },
    perAddressCheckLimit(config, 'accept-invitation'),
  );

  addRoute(
    app,
    passwordReset,
    async ({ body, request }) => {
      const { invitation } = await account.passwordReset(body, request.id);
      return {
        message: invitation
          ? `Your password is set and you have joined ${invitation.organizationName}. Please sign in.`
          : 'Your password has been reset. Please sign in with the new password.',
        result: null,
      };
    },
    perAddressCheckLimit(config, 'password-reset'),
  );

  addRoute(app, changePassword, async ({ actor, body }) => {
    await account.changePassword(actor, body);
    return { message: 'Your password has been changed. Your other sessions were signed out.', result: null };
  });

  addRoute(app, checkUsername, async ({ actor, query }) => {
    const result = await account.checkUsername(actor, query.username);
    return {
      message: result.available ? 'This username is available.' : 'This username is already taken.',
      result,
    };
  });

  addRoute(app, updateProfile, async ({ actor, body }) => {
    const result = await account.updateProfile(actor, body);
    return {
      message: result.pendingEmail
        ? `Your profile has been updated. We sent a confirmation link to ${result.pendingEmail}; your email changes once you open it.`
        : 'Your profile has been updated.',
      result,
    };
  });

  addRoute(
    app,
    confirmEmailChange,
    async ({ body }) => {
      const result = await account.confirmEmailChange(body.token);
      return { message: `Your email address is now ${result.email}.`, result };
    },
    perAddressCheckLimit(config, 'confirm-email'),
  );

  addRoute(app, requestOrganizerAccess, async ({ actor, body }) => ({
    message: 'Your organizer request was sent. An administrator will review it.',
    result: await account.requestOrganizer(actor, body),
  }));

  addRoute(
    app,
    checkMobileForVerification,
    async ({ actor, body }) => ({
      message: 'We have sent a verification code to this number.',
      result: await account.checkMobileForVerification(actor, body),
    }),
    perTargetLimit(config, 'verify-mobile'),
  );

  addRoute(
    app,
    mobileVerification,
    async ({ actor, body }) => {
      await account.mobileVerification(actor, body);
      return { message: 'Your mobile number is verified.', result: null };
    },
    perAddressCheckLimit(config, 'mobile-verification'),
  );

  addRoute(app, updateNonProfitExemptionDetail, async ({ actor, body }) => ({
    message: 'Your non-profit exemption request was sent. An administrator will review it.',
    result: await account.requestNonProfit(actor, body),
  }));
}
