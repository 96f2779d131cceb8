import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type MobileVerificationBody,
  type NonProfitBody,
  type NonProfitDetail,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  type PasswordResetBody,
  toE164,
  type UpdateProfileBody,
} from '@marquee/contract';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { InfoLogger } from '../../adapters/outbox/outbox.js';
import type { SmsSender } from '../../adapters/sms/sms.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { nonProfitExemptions } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { templates } from '../../lib/templates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Actor } from '../auth/auth.service.js';
import * as repo from './account.repo.js';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** The reset token verify-otp answers: enough time to type a new password, no more. */
export const OTP_RESET_TOKEN_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;

export const CODE_INVALID = 'That code is not valid or has expired. Check it or request a new code.';
export const CODE_EXHAUSTED = 'Too many wrong codes. Please request a new code.';
export const RESET_TOKEN_INVALID =
  'This reset link or code has expired or was already used. Please start again from "Forgot password".';

type Target = { countryCode: string; phone: string };

function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.cause ?? e;
  return inner.code === '23505' && (inner.constraint ?? '').includes(constraint);
}

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

export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  log: InfoLogger & { error(obj: object, msg: string): void };
}) {
  const { db, clock, config, mailer, sms, log } = deps;

  async function deliver(send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      log.error({ err: error }, 'sending a message failed');
      throw new AppError(502, 'We could not send the message right now. Please try again in a few minutes.');
    }
  }

  /** Stores a new code (hashed) for the target and sends it by SMS. */
  async function sendCode(
    purpose: 'FORGOT_PASSWORD' | 'MOBILE_VERIFICATION',
    userId: string,
    target: string,
  ): Promise<void> {
    const now = clock.now();
    const code = newCode();
    const id = crypto.randomUUID();
    await repo.replaceCode(
      db,
      {
        id,
        purpose,
        userId,
        target,
        codeHash: hashCode(id, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        createdAt: now,
      },
      now,
    );
    const text =
      purpose === 'FORGOT_PASSWORD'
        ? templates.passwordResetCodeSms(code, CODE_TTL_MINUTES)
        : templates.mobileVerificationSms(code, CODE_TTL_MINUTES);
    await deliver(() => sms.send({ to: target, text }));
  }

  /**
   * Checks a code. Wrong, expired, used and unknown all answer the same message, so a number with no
   * account cannot be told apart; after MAX_CODE_ATTEMPTS wrong tries the code is dead.
   */
  async function checkCode(
    purpose: 'FORGOT_PASSWORD' | 'MOBILE_VERIFICATION',
    target: string,
    code: string,
    userId?: string,
  ) {
    const now = clock.now();
    const row = await repo.latestOpenCode(db, purpose, target, userId);
    const fail = (message: string) => badRequest(message, [{ field: 'code', message }]);
    if (!row || row.expiresAt <= now) throw fail(CODE_INVALID);
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw fail(CODE_EXHAUSTED);
    if (!sameHash(row.codeHash, hashCode(row.id, code))) {
      const attempts = await repo.recordWrongCode(db, row.id, MAX_CODE_ATTEMPTS);
      throw fail(attempts >= MAX_CODE_ATTEMPTS ? CODE_EXHAUSTED : CODE_INVALID);
    }
    if (!(await repo.consumeCode(db, row.id, now))) throw fail(CODE_INVALID);
    return row;
  }

  async function issueResetToken(userId: string, minutes: number) {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + minutes * 60_000);
    await repo.insertAccountToken(db, {
      userId,
      purpose: 'PASSWORD_RESET',
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: now,
    });
    return { token, expiresAt };
  }

  /** Same answer whether or not an account matches: nothing tells an outsider who has an account. */
  async function forgotPassword(body: ForgotPasswordBody) {
    if (body.method === 'MOBILE') {
      const target = toE164(body.countryCode ?? '', body.phone ?? '');
      const user = await repo.findUserByVerifiedPhone(db, target);
      if (user && user.status === 'ACTIVE') await sendCode('FORGOT_PASSWORD', user.id, target);
      return { method: 'MOBILE' as const, resendAfterSeconds: OTP_RESEND_SECONDS };
    }
    const user = await repo.findUserByEmail(db, body.email ?? '');
    if (user && user.status === 'ACTIVE') {
      const { token } = await issueResetToken(user.id, RESET_LINK_MINUTES);
      const url = `${config.publicUrl}/reset-link/${token}`;
      const content = templates.passwordResetEmail({
        firstName: user.firstName,
        url,
        minutes: RESET_LINK_MINUTES,
      });
      await deliver(() => mailer.send({ to: user.email, ...content }));
    }
    return { method: 'EMAIL' as const, resendAfterSeconds: OTP_RESEND_SECONDS };
  }

  async function resendOtp(body: Target) {
    return forgotPassword({ method: 'MOBILE', ...body });
  }

  async function verifyOtp(body: Target & { code: string }) {
    const row = await checkCode('FORGOT_PASSWORD', toE164(body.countryCode, body.phone), body.code);
    const { token, expiresAt } = await issueResetToken(row.userId, OTP_RESET_TOKEN_MINUTES);
    return { resetToken: token, expiresAt: expiresAt.toISOString() };
  }

  /** Sets a new password from a reset or invitation token; every session of the user ends. */
  async function passwordReset(body: PasswordResetBody) {
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      const now = clock.now();
      const token = await repo.consumeAccountToken(tx, hashToken(body.token), now, [
        'PASSWORD_RESET',
        'INVITATION',
      ]);
      if (!token) throw badRequest(RESET_TOKEN_INVALID);
      await repo.setPassword(tx, token.userId, passwordHash, now);
      await repo.revokeUserSessions(tx, token.userId, now);
    });
  }

  async function changePassword(actor: Actor, body: ChangePasswordBody) {
    const user = actor.user;
    const ok = await verifyPassword(user.passwordHash, body.currentPassword);
    if (!ok) {
      const message = 'Your current password is not correct.';
      throw badRequest(message, [{ field: 'currentPassword', message }]);
    }
    if (body.newPassword === body.currentPassword) {
      const message = 'Choose a new password different from the current one.';
      throw badRequest(message, [{ field: 'newPassword', message }]);
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await repo.setPassword(tx, user.id, passwordHash, now);
      await repo.revokeUserSessions(tx, user.id, now, actor.session.id);
    });
  }

  async function checkUsername(actor: Actor, username: string) {
    const found = await repo.findUserByUsername(db, username);
    return { username, available: !found || found.id === actor.user.id };
  }

  const USERNAME_TAKEN = 'This username is already taken.';
  const EMAIL_TAKEN = 'This email address is already used by another account.';

  async function updateProfile(actor: Actor, body: UpdateProfileBody) {
    const [byUsername, byEmail] = await Promise.all([
      repo.findUserByUsername(db, body.username),
      repo.findUserByEmail(db, body.email),
    ]);
    const errors: { field: string; message: string }[] = [];
    if (byUsername && byUsername.id !== actor.user.id)
      errors.push({ field: 'username', message: USERNAME_TAKEN });
    if (byEmail && byEmail.id !== actor.user.id) errors.push({ field: 'email', message: EMAIL_TAKEN });
    if (errors.length > 0) throw new AppError(409, errors.map((e) => e.message).join(' '), errors);
    try {
      await repo.updateUser(db, actor.user.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        username: body.username,
        email: body.email,
        ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
        updatedAt: clock.now(),
      });
    } catch (error) {
      // Two people claiming the same name at once: the unique index decides.
      if (isUniqueViolation(error, 'username'))
        throw new AppError(409, USERNAME_TAKEN, [{ field: 'username', message: USERNAME_TAKEN }]);
      if (isUniqueViolation(error, 'email'))
        throw new AppError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      throw error;
    }
  }

  const PHONE_TAKEN = 'This mobile number is already verified on another account.';

  async function checkMobileForVerification(actor: Actor, body: Target) {
    const target = toE164(body.countryCode, body.phone);
    const owner = await repo.findUserByVerifiedPhone(db, target);
    if (owner && owner.id !== actor.user.id) throw conflict(PHONE_TAKEN);
    if (owner) throw conflict('This mobile number is already verified on your account.');
    await sendCode('MOBILE_VERIFICATION', actor.user.id, target);
    return { resendAfterSeconds: OTP_RESEND_SECONDS };
  }

  async function mobileVerification(actor: Actor, body: MobileVerificationBody) {
    const target = toE164(body.countryCode, body.phone);
    await checkCode('MOBILE_VERIFICATION', target, body.code, actor.user.id);
    await db.transaction(async (tx) => {
      const owner = await repo.findUserByVerifiedPhone(tx, target);
      if (owner && owner.id !== actor.user.id) throw conflict(PHONE_TAKEN);
      await repo.updateUser(tx, actor.user.id, {
        phone: target,
        phoneVerified: true,
        updatedAt: clock.now(),
      });
    });
  }

  async function requestNonProfit(actor: Actor, body: NonProfitBody): Promise<NonProfitDetail> {
    const existing = await repo.findNonProfit(db, actor.user.id);
    if (existing?.status === 'APPROVED') throw conflict('Your non-profit exemption is already approved.');
    const row = await repo.upsertNonProfit(db, {
      userId: actor.user.id,
      ...body,
      status: 'PENDING',
      submittedAt: clock.now(),
    });
    return toNonProfitDetail(row);
  }

  return {
    forgotPassword,
    resendOtp,
    verifyOtp,
    passwordReset,
    changePassword,
    checkUsername,
    updateProfile,
    checkMobileForVerification,
    mobileVerification,
    requestNonProfit,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
