import type { UpdateUserStatusBody } from '@marquee/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, locked as lockedError } from '../../lib/errors.js';
import { templates } from '../../lib/templates.js';
import { BLOCKED_MESSAGE } from '../auth/index.js';
import { userNotFound } from './admin-user-reads.js';

type Body = z.output<typeof UpdateUserStatusBody>;

export const SELF_BLOCK_MESSAGE = 'You cannot block your own account.';
export const LAST_ADMIN_MESSAGE = 'You cannot block the last administrator.';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * update-user-status (docs/user-management.md, "Blocking"). One unit of work: the rows locked, the
 * guarded UPDATE, the audit entry, the email after COMMIT.
 *
 * The last-administrator rule is decided inside PostgreSQL: blocking an administrator first locks every
 * administrator row (FOR UPDATE, in id order, so two such calls queue instead of deadlocking), then the
 * UPDATE itself only matches while another active administrator exists. Two administrators blocking each
 * other at once: the second waits for the first, then sees it was blocked and is refused.
 *
 * Blocking keeps the user's session rows: every authenticated call reads the user's status and answers
 * 423 with the blocked message (modules/auth), so the block takes effect on their very next call and the
 * console shows why. Unblocking revokes those sessions: the person signs in again rather than a session
 * from before the block (possibly the reason for it) coming back to life.
 */
export function createUserStatusService(deps: { db: Db; clock: Clock; mailer: Mailer; log?: Logger }) {
  const { db, clock, mailer } = deps;
  const change = createUnitOfWork({ db, clock, log: deps.log });

  return function setStatus(actor: Actor, body: Body) {
    if (body.status === 'BLOCKED' && body.userId === actor.user.id) throw conflict(SELF_BLOCK_MESSAGE);
    return change(async ({ tx, now, lock, audit, afterCommit }) => {
      const [seen] = await tx.select({ role: users.role }).from(users).where(eq(users.id, body.userId));
      if (!seen) throw userNotFound();
      // Administrators: all their rows, in one order, so the count below cannot change under us.
      const locked =
        seen.role === 'ADMIN'
          ? await tx.select().from(users).where(eq(users.role, 'ADMIN')).orderBy(asc(users.id)).for('update')
          : await lock(users, eq(users.id, body.userId));
      const target = locked.find((u) => u.id === body.userId);
      if (!target) throw userNotFound();
      // An administrator blocked while this call waited for the lock acts no more (two blocking each other).
      const self = locked.find((u) => u.id === actor.user.id);
      if (self && self.status !== 'ACTIVE') throw lockedError(BLOCKED_MESSAGE);
      const before = { status: target.status, reason: target.blockedReason };

      if (body.status === 'BLOCKED') {
        if (target.status === 'BLOCKED') throw conflict('This user is already blocked.');
        const reason = body.reason ?? '';
        const [updated] = await tx
          .update(users)
          .set({ status: 'BLOCKED', blockedReason: reason, blockedAt: now, updatedAt: now })
          .where(
            and(
              eq(users.id, target.id),
              eq(users.status, 'ACTIVE'),
              sql`(${users.role} <> 'ADMIN' or exists (select 1 from ${users} other where other.role = 'ADMIN' and other.status = 'ACTIVE' and other.id <> ${target.id}))`,
            ),
          )
          .returning();
        if (!updated) throw conflict(LAST_ADMIN_MESSAGE);
        await audit({
          action: 'USER_BLOCKED',
          entityType: 'USER',
          entityId: target.id,
          before,
          after: { status: 'BLOCKED', reason },
        });
        afterCommit(() =>
          mailer.send({
            to: target.email,
            ...templates.accountBlockedEmail({ firstName: target.firstName, reason }),
          }),
        );
        return updated;
      }

      if (target.status === 'ACTIVE') throw conflict('This user is not blocked.');
      const [updated] = await tx
        .update(users)
        .set({ status: 'ACTIVE', blockedReason: null, blockedAt: null, updatedAt: now })
        .where(and(eq(users.id, target.id), eq(users.status, 'BLOCKED')))
        .returning();
      if (!updated) throw conflict('This user is not blocked.');
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      await audit({
        action: 'USER_UNBLOCKED',
        entityType: 'USER',
        entityId: target.id,
        before,
        after: { status: 'ACTIVE', reason: body.reason || null, sessionsEnded: revoked.length },
      });
      afterCommit(() =>
        mailer.send({
          to: target.email,
          ...templates.accountUnblockedEmail({ firstName: target.firstName }),
        }),
      );
      return updated;
    });
  };
}
