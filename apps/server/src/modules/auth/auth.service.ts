import type { LoginBody, LoginResult, UserProfile } from '@marquee/contract';
import { isValidTimeZone } from '@marquee/time';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { type Actor, hasActiveMembership, isAdmin, isApprovedOrganizer } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, locked, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findNonProfit, findPendingEmailChange, toNonProfitDetail } from '../account/index.js';
import * as repo from './auth.repo.js';

export interface SessionMeta {
  platform: string;
  timezone?: string;
}

export const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
const INVALID_CREDENTIALS = 'Incorrect email, username or password.';
/** A session is written to at most this often, so busy sessions do not turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Your account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}; try again later or reset your password.`;
}

export function createAuthService(deps: { db: Db; clock: Clock; config: Config }) {
  const { db, clock, config } = deps;

  async function login(input: LoginBody, meta: SessionMeta): Promise<LoginResult> {
    const now = clock.now();
    const found = await repo.findUserByLogin(db, input.email);
    if (!found) {
      // The same hashing work as for a known account, so timing tells nothing.
      await verifyPassword(null, input.password);
      throw badRequest(INVALID_CREDENTIALS);
    }
    const lockUntil = new Date(now.getTime() + config.login.lockMinutes * 60_000);
    // Counted (and locked on the last allowed try) before the password is compared.
    const user = await repo.claimLoginAttempt(db, {
      userId: found.id,
      maxFailures: config.login.maxFailures,
      lockUntil,
      now,
    });
    if (!user) {
      const current = await repo.findUserByLogin(db, input.email);
      throw locked(lockedMessage(current?.lockedUntil ?? lockUntil, now));
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      if (user.lockedUntil && user.lockedUntil > now) throw locked(lockedMessage(user.lockedUntil, now));
      throw badRequest(INVALID_CREDENTIALS);
    }
    await repo.clearFailedLogins(db, user.id);
    // Checked only after the password, so the account's state is told to its owner alone.
    if (user.status === 'BLOCKED') throw locked(BLOCKED_MESSAGE);

    const token = await startSession(user, meta);
    return { accessToken: token, _id: user.id, organizerRequest: user.organizerRequest };
  }

  /** Opens a session for a user whose identity is already proven (password here, or social login). */
  async function startSession(user: UserRow, meta: SessionMeta): Promise<string> {
    const now = clock.now();
    const token = newToken();
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      platform: meta.platform,
      // The header is free text; a stored zone is one later screens can format in, or nothing.
      timezone: isValidTimeZone(meta.timezone) ? meta.timezone : null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.session.maxDays * 86_400_000),
    });
    return token;
  }

  /** Resolves a token to its session and user, or refuses: 401 when it is not valid, 423 when blocked. */
  async function authenticate(token: string | undefined): Promise<Actor> {
    if (!token) throw unauthorized('Please sign in to continue.');
    const now = clock.now();
    const found = await repo.findActiveSessionWithUser(db, hashToken(token));
    if (!found) throw unauthorized();
    const { session, user } = found;
    const idleLimit = new Date(session.lastSeenAt.getTime() + config.session.idleHours * 3_600_000);
    if (session.expiresAt <= now || idleLimit <= now) {
      await repo.revokeSession(db, session.id, now);
      throw unauthorized();
    }
    if (user.status === 'BLOCKED') throw locked(BLOCKED_MESSAGE);
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // Not awaited: parallel calls of one session would queue on its row lock here, holding their
      // requests (and pool connections) for a note that is only advisory. A failed touch is retried
      // by the next call a minute on.
      void repo.touchSession(db, session.id, now).catch(() => undefined);
    }
    return { session, user };
  }

  async function logout(actor: Actor): Promise<void> {
    await repo.revokeSession(db, actor.session.id, clock.now());
  }

  async function profile(actor: Actor): Promise<UserProfile> {
    // The user row was read with the session a moment ago, in this same request.
    const { user } = actor;
    const [nonProfitRow, pendingEmail, isOrganizationMember, scansOnly] = await Promise.all([
      findNonProfit(db, user.id),
      findPendingEmailChange(db, user.id, clock.now()),
      // Read on every profile load, so a deactivated member loses the console on the next one.
      hasActiveMembership(db, user.id),
      // A scanner-only member's console opens on check-in (docs/check-in.md).
      isAdmin(actor) || isApprovedOrganizer(actor) ? false : repo.isScannerOnly(db, user.id),
    ]);
    return {
      ...toProfile(user, { isOrganizationMember }),
      scansOnly,
      nonProfit: toNonProfitDetail(nonProfitRow),
      pendingEmail: pendingEmail?.newEmail ?? null,
    };
  }

  return { login, startSession, authenticate, logout, profile };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function toProfile(user: UserRow, extra: { isOrganizationMember: boolean }): UserProfile {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    avatar: user.avatar,
    role: user.role,
    status: user.status,
    organizerRequest: user.organizerRequest,
    isOrganizationMember: extra.isOrganizationMember,
    createdAt: user.createdAt.toISOString(),
  };
}
