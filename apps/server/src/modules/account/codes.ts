import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@marquee/contract';
import { badRequest } from '../../lib/errors.js';
import { templates } from '../../lib/templates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import * as repo from './account.repo.js';
import { deliver } from './delivery.js';
import type { AccountDeps } from './deps.js';
import { CODE_EXHAUSTED, CODE_INVALID, CODE_TTL_MINUTES, MAX_CODE_ATTEMPTS } from './messages.js';

type CodePurpose = 'FORGOT_PASSWORD' | 'MOBILE_VERIFICATION';

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

/** Stores a new code (hashed) for the target, replacing the user's open ones, and sends it by SMS. */
export async function sendCode(deps: AccountDeps, purpose: CodePurpose, userId: string, target: string) {
  const code = newCode();
  const id = crypto.randomUUID();
  await deps.unitOfWork(({ tx, now }) =>
    repo.replaceCode(
      tx,
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
    ),
  );
  const text =
    purpose === 'FORGOT_PASSWORD'
      ? templates.passwordResetCodeSms(code, CODE_TTL_MINUTES)
      : templates.mobileVerificationSms(code, CODE_TTL_MINUTES);
  await deliver(deps, () => deps.sms.send({ to: target, text }));
}

/**
 * Checks a code. Wrong, expired, used and unknown all answer the same message, so a number with no
 * account cannot be told apart; after MAX_CODE_ATTEMPTS wrong tries the code is dead.
 *
 * Not one unit of work on purpose: a wrong guess must stay counted although the check then fails, so
 * the count is its own guarded statement, committed before the comparison.
 */
export async function checkCode(
  deps: AccountDeps,
  purpose: CodePurpose,
  target: string,
  code: string,
  userId?: string,
) {
  const { db } = deps;
  const now = deps.clock.now();
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

/** A password reset token (a link's or the one verify-otp answers), valid `minutes`. */
export async function issueResetToken(deps: AccountDeps, userId: string, minutes: number) {
  const token = newToken();
  const expiresAt = await deps.unitOfWork(async ({ tx, now }) => {
    const expiresAt = new Date(now.getTime() + minutes * 60_000);
    await repo.insertAccountToken(tx, {
      userId,
      purpose: 'PASSWORD_RESET',
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: now,
    });
    return expiresAt;
  });
  return { token, expiresAt };
}
