import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type ChangePasswordBody,
  EMAIL_CHANGE_HOURS,
  type ForgotPasswordBody,
  INVITATION_DAYS,
  type MobileVerificationBody,
  type NonProfitBody,
  type NonProfitDetail,
  type OrganizerRequestBody,
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
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { nonProfitExemptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { templates } from '../../lib/templates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import * as repo from './account.repo.js';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** The reset token verify-otp answers: enough time to type a new password, no more. */
export const OTP_RESET_TOKEN_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;

export const INVITATION_INVALID =
  'This invitation has expired, was already used or was cancelled. Ask the organizer to send a new one.';
export const INVITATION_HAS_ACCOUNT =
  'This invitation is for an account that already has a password: accept it instead of setting one.';
export const INVITATION_NEEDS_PASSWORD = 'Set a password to accept this invitation.';

/**
 * What an accepted invitation does beyond the account: the organizations module activates the
 * membership the token was sent for (wired in app.ts, so this module does not reach into that one).
 */
export interface InvitationHooks {
  /** The organization an open invitation token is for; null when none. */
  describe(db: DbOrTx, tokenId: string): Promise<{ organizationName: string } | null>;
  /** Activates what the token was sent for, in the same transaction; null when nothing waits for it. */
  accepted(
    tx: Tx,
    input: { tokenId: string; userId: string; requestId: string; now: Date },
  ): Promise<{ organizationName: string } | null>;
}

export const CODE_INVALID = 'That code is not valid or has expired. Check it or request a new code.';
export const CODE_EXHAUSTED = 'Too many wrong codes. Please request a new code.';
export const EMAIL_CHANGE_INVALID =
  'This confirmation link has expired or was already used. Change the email on your profile again to get a new one.';
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
  /** The organizations module's answer to an invitation link, asked when one is used. */
  invitations?: () => InvitationHooks | undefined;
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
    const fail = (message: string) => badRequest(message, [{ field: 'code', message }]);
    // Counted before compared: a guess that finds no try left is never compared.
    const row = await repo.claimCodeAttempt(db, {
      purpose,
      target,
      userId,
      maxAttempts: MAX_CODE_ATTEMPTS,
      now,
    });
    if (!row) {
      const latest = await repo.latestOpenCode(db, purpose, target, userId);
      const exhausted = latest && latest.expiresAt > now && latest.attempts >= MAX_CODE_ATTEMPTS;
      throw fail(exhausted ? CODE_EXHAUSTED : CODE_INVALID);
    }
    if (!sameHash(row.codeHash, hashCode(row.id, code))) {
      throw fail(row.attempts >= MAX_CODE_ATTEMPTS ? CODE_EXHAUSTED : CODE_INVALID);
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

  /**
   * Sets a new password from a reset or invitation token; every session of the user ends. An invitation
   * token sets the first password of a new person and accepts the invitation with it.
   */
  async function passwordReset(body: PasswordResetBody, requestId = '') {
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      const now = clock.now();
      let invitation: { organizationName: string } | null = null;
      const token = await repo.consumeAccountToken(tx, hashToken(body.token), now, [
        'PASSWORD_RESET',
        'INVITATION',
      ]);
      if (!token) throw badRequest(RESET_TOKEN_INVALID);
      if (token.purpose === 'INVITATION') {
        const user = await repo.findUserById(tx, token.userId);
        // An invitation must not become a way to replace someone's existing password.
        if (user?.passwordHash) throw badRequest(INVITATION_HAS_ACCOUNT);
        invitation = await acceptWith(tx, token, requestId, now);
      }
      await repo.setPassword(tx, token.userId, passwordHash, now);
      await repo.endOpenResets(tx, token.userId, now);
      await repo.revokeUserSessions(tx, token.userId, now);
      return { invitation };
    });
  }

  async function acceptWith(tx: Tx, token: { id: string; userId: string }, requestId: string, now: Date) {
    const invitations = deps.invitations?.();
    const done = invitations
      ? await invitations.accepted(tx, { tokenId: token.id, userId: token.userId, requestId, now })
      : null;
    if (!done) throw badRequest(INVITATION_INVALID);
    return done;
  }

  /** A new invitation link for a user (created by the caller when new); valid INVITATION_DAYS days. */
  async function issueInvitation(tx: DbOrTx, userId: string, now = clock.now()) {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    const row = await repo.insertAccountToken(tx, {
      userId,
      purpose: 'INVITATION',
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: now,
    });
    if (!row) throw new Error('invitation token not stored');
    const user = await repo.findUserById(tx, userId);
    return {
      token,
      tokenId: row.id,
      expiresAt,
      url: `${config.publicUrl}/reset-link/${token}`,
      /** A person without a password sets one from the link; anyone else only accepts. */
      needsPassword: !user?.passwordHash,
    };
  }

  /** An invitation re-sent or cancelled: its earlier link stops working. */
  async function revokeInvitation(tx: DbOrTx, tokenId: string) {
    await repo.expireAccountToken(tx, tokenId, clock.now());
  }

  /** Sends an invitation email; a failing mail server is a 502 naming no internals. */
  async function sendInvitationEmail(input: {
    to: string;
    organizationName: string;
    inviterName: string;
    url: string;
    needsPassword: boolean;
  }) {
    const content = templates.invitationEmail({ ...input, days: INVITATION_DAYS });
    await deliver(() => mailer.send({ to: input.to, ...content }));
  }

  /** What a `/reset-link/:token` link is for; an unknown, used or expired token is a 400. */
  async function checkResetLink(tokenValue: string) {
    const found = await repo.findOpenAccountToken(db, hashToken(tokenValue), clock.now());
    if (!found) throw badRequest(RESET_TOKEN_INVALID);
    const { token, user } = found;
    if (token.purpose === 'PASSWORD_RESET') {
      return { purpose: token.purpose, needsPassword: true, email: user.email, organizationName: null };
    }
    const invitations = deps.invitations?.();
    const described = invitations ? await invitations.describe(db, token.id) : null;
    if (!described) throw badRequest(INVITATION_INVALID);
    return {
      purpose: token.purpose,
      needsPassword: !user.passwordHash,
      email: user.email,
      organizationName: described.organizationName,
    };
  }

  /**
   * An existing account accepts an invitation with its link (no password change). Someone signed in
   * (`signedInUserId`) may accept only an invitation sent to their own address.
   */
  async function acceptInvitation(tokenValue: string, requestId: string, signedInUserId?: string) {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const token = await repo.consumeAccountToken(tx, hashToken(tokenValue), now, ['INVITATION']);
      if (!token) throw badRequest(INVITATION_INVALID);
      const user = await repo.findUserById(tx, token.userId);
      if (signedInUserId && user && signedInUserId !== user.id) {
        throw new AppError(
          403,
          `This invitation was sent to ${user.email}. Sign out, then open the link again and sign in with that address.`,
        );
      }
      if (!user?.passwordHash) {
        throw badRequest(INVITATION_NEEDS_PASSWORD, [
          { field: 'password', message: INVITATION_NEEDS_PASSWORD },
        ]);
      }
      return acceptWith(tx, token, requestId, now);
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
      await repo.endOpenResets(tx, user.id, now);
      await repo.revokeUserSessions(tx, user.id, now, actor.session.id);
    });
  }

  async function checkUsername(actor: Actor, username: string) {
    const found = await repo.findUserByUsername(db, username);
    return { username, available: !found || found.id === actor.user.id };
  }

  const USERNAME_TAKEN = 'This username is already taken.';
  const EMAIL_TAKEN = 'This email address is already used by another account.';

  const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email address.';
  const PASSWORD_WRONG = 'Your current password is not correct.';

  function takenErrors(error: unknown) {
    if (isUniqueViolation(error, 'users_username_lower_idx'))
      return new AppError(409, USERNAME_TAKEN, [{ field: 'username', message: USERNAME_TAKEN }]);
    if (isUniqueViolation(error, 'users_email_lower_idx'))
      return new AppError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    return error;
  }

  /**
   * Names, username and avatar change at once. A new email address does not: it needs the current
   * password, and becomes the account's address only when the link sent to it is used, so nobody can
   * claim an address (and the invitations sent to it) without reading its mail.
   */
  async function updateProfile(actor: Actor, body: UpdateProfileBody) {
    const user = actor.user;
    const emailChanges = body.email.toLowerCase() !== user.email.toLowerCase();
    const [byUsername, byEmail] = await Promise.all([
      repo.findUserByUsername(db, body.username),
      repo.findUserByEmail(db, body.email),
    ]);
    const errors: { field: string; message: string }[] = [];
    if (byUsername && byUsername.id !== user.id) errors.push({ field: 'username', message: USERNAME_TAKEN });
    if (byEmail && byEmail.id !== user.id) errors.push({ field: 'email', message: EMAIL_TAKEN });
    if (errors.length > 0) throw new AppError(409, errors.map((e) => e.message).join(' '), errors);
    if (emailChanges) {
      if (!body.currentPassword)
        throw badRequest(PASSWORD_FOR_EMAIL, [{ field: 'currentPassword', message: PASSWORD_FOR_EMAIL }]);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
        throw badRequest(PASSWORD_WRONG, [{ field: 'currentPassword', message: PASSWORD_WRONG }]);
    }
    const now = clock.now();
    const link = newToken();
    try {
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          firstName: body.firstName,
          lastName: body.lastName,
          username: body.username,
          // Only a change of letter case is taken at once: it is the same address.
          ...(emailChanges ? {} : { email: body.email }),
          ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
          updatedAt: now,
        });
        if (emailChanges) {
          await repo.endOpenEmailChanges(tx, user.id, now);
          await repo.insertAccountToken(tx, {
            userId: user.id,
            purpose: 'EMAIL_CHANGE',
            newEmail: body.email,
            tokenHash: hashToken(link),
            expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000),
            createdAt: now,
          });
        }
      });
    } catch (error) {
      // Two people claiming the same name at once: the unique index decides.
      throw takenErrors(error);
    }
    if (!emailChanges) return { pendingEmail: null };
    const content = templates.emailChangeConfirmation({
      firstName: body.firstName,
      newEmail: body.email,
      url: `${config.publicUrl}/confirm-email/${link}`,
      hours: EMAIL_CHANGE_HOURS,
    });
    await deliver(() => mailer.send({ to: body.email, ...content }));
    return { pendingEmail: body.email };
  }

  /** The link sent to a new address was used: it becomes the email, and the old address is told. */
  async function confirmEmailChange(tokenValue: string) {
    const { user, newEmail } = await (async () => {
      try {
        return await db.transaction(async (tx) => {
          const now = clock.now();
          const token = await repo.consumeAccountToken(tx, hashToken(tokenValue), now, ['EMAIL_CHANGE']);
          if (!token?.newEmail) throw badRequest(EMAIL_CHANGE_INVALID);
          const found = await repo.findUserById(tx, token.userId);
          if (!found) throw badRequest(EMAIL_CHANGE_INVALID);
          const taken = await repo.findUserByEmail(tx, token.newEmail);
          if (taken && taken.id !== found.id) throw conflict(EMAIL_TAKEN);
          await repo.updateUser(tx, found.id, { email: token.newEmail, updatedAt: now });
          // Reset links mailed to the old address must not outlive it.
          await repo.endOpenResets(tx, found.id, now);
          return { user: found, newEmail: token.newEmail };
        });
      } catch (error) {
        throw takenErrors(error);
      }
    })();
    const notice = templates.emailChangedNotice({ firstName: user.firstName, newEmail });
    // The change is done; a failing mail server must not make it look as if it were not.
    await mailer.send({ to: user.email, ...notice }).catch((error) => {
      log.error({ err: error }, 'the email-change notice to the old address was not sent');
    });
    return { email: newEmail };
  }

  /** The new address waiting for confirmation, for the profile. */
  async function pendingEmail(userId: string) {
    return (await repo.findPendingEmailChange(db, userId, clock.now()))?.newEmail ?? null;
  }

  /**
   * A buyer asks to become an organizer: NONE or REJECTED → PENDING (guarded; pending or approved is a
   * 409), the details kept for the reviewer, every administrator told by email.
   */
  async function requestOrganizer(actor: Actor, body: OrganizerRequestBody) {
    const now = clock.now();
    const phone = toE164(body.countryCode, body.phone);
    const website = body.website ? body.website : null;
    await db.transaction(async (tx) => {
      const row = await repo.markOrganizerRequestPending(tx, actor.user.id, now);
      if (!row) {
        throw conflict(
          actor.user.organizerRequest === 'APPROVED'
            ? 'You are already an organizer.'
            : 'Your organizer request is already waiting for review.',
        );
      }
      await repo.upsertOrganizerRequestDetails(tx, {
        userId: actor.user.id,
        organizationName: body.organizationName,
        description: body.description,
        website,
        phone,
        submittedAt: now,
      });
    });
    const admins = await repo.findActiveAdministrators(db);
    const user = actor.user;
    const content = templates.organizerRequestEmail({
      applicantName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      applicantEmail: user.email,
      organizationName: body.organizationName,
      description: body.description,
      website,
      phone,
    });
    // The request is stored; an administrator also finds it in user management if a mail is lost.
    for (const admin of admins) {
      await mailer.send({ to: admin.email, ...content }).catch((error) => {
        log.error({ err: error }, 'an organizer-request email to an administrator was not sent');
      });
    }
    return { organizerRequest: 'PENDING' as const };
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
    try {
      await db.transaction(async (tx) => {
        const owner = await repo.findUserByVerifiedPhone(tx, target);
        if (owner && owner.id !== actor.user.id) throw conflict(PHONE_TAKEN);
        await repo.updateUser(tx, actor.user.id, {
          phone: target,
          phoneVerified: true,
          updatedAt: clock.now(),
        });
      });
    } catch (error) {
      // Two accounts verifying one number at once: the unique index on verified numbers decides.
      if (isUniqueViolation(error, 'users_verified_phone_idx')) throw conflict(PHONE_TAKEN);
      throw error;
    }
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
    issueInvitation,
    revokeInvitation,
    sendInvitationEmail,
    checkResetLink,
    acceptInvitation,
    forgotPassword,
    resendOtp,
    verifyOtp,
    passwordReset,
    changePassword,
    checkUsername,
    updateProfile,
    confirmEmailChange,
    pendingEmail,
    requestOrganizer,
    checkMobileForVerification,
    mobileVerification,
    requestNonProfit,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
