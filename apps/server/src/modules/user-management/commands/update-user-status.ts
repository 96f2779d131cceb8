import type { UpdateUserStatusBody } from '@marquee/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { transition } from '../../../db/state-machine.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor } from '../../../lib/access/index.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, locked as lockedError } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import { BLOCKED_MESSAGE } from '../../auth/index.js';
import { enqueueEmail } from '../../messages/index.js';
import {
  endSessions,
  lockForStatusChange,
  notTheLastAdministrator,
  roleOfUser,
  userStatusMachine,
} from '../repo.js';
import { userNotFound } from '../user-not-found.js';

type Body = z.output<typeof UpdateUserStatusBody>;

export const SELF_BLOCK_MESSAGE = 'You cannot block your own account.';
export const LAST_ADMIN_MESSAGE = 'You cannot block the last administrator.';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * update-user-status (docs/user-management.md, "Blocking"): block or unblock a user with a reason. One
 * unit of work: the rows locked, the guarded transition of the user's status machine, the audit entry,
 * the email after COMMIT.
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
export function createUpdateUserStatus(deps: { db: Db; clock: Clock; log?: Logger }) {
  const { db, clock } = deps;
  const change = createUnitOfWork({ db, clock, log: deps.log });

  return function updateUserStatus(actor: Actor, body: Body) {
    if (body.status === 'BLOCKED' && body.userId === actor.user.id) throw conflict(SELF_BLOCK_MESSAGE);
    return change(async (work) => {
      const { tx, now } = work;
      const role = await roleOfUser(tx, body.userId);
      if (!role) throw userNotFound();
      const locked = await lockForStatusChange(tx, body.userId, role);
      const target = locked.find((u) => u.id === body.userId);
      if (!target) throw userNotFound();
      // An administrator blocked while this call waited for the lock acts no more (two blocking each other).
      const self = locked.find((u) => u.id === actor.user.id);
      if (self && self.status !== 'ACTIVE') throw lockedError(BLOCKED_MESSAGE);
      const before = { reason: target.blockedReason };

      if (body.status === 'BLOCKED') {
        if (target.status === 'BLOCKED') throw conflict('This user is already blocked.');
        const reason = body.reason ?? '';
        const updated = await transition(work, userStatusMachine, {
          id: target.id,
          to: 'BLOCKED',
          set: { blockedReason: reason, blockedAt: now, updatedAt: now },
          where: notTheLastAdministrator(target.id),
          audit: { action: 'USER_BLOCKED', before, after: { reason } },
        });
        // Locked and ACTIVE, so only the last-administrator guard can have held it back.
        if (!updated) throw conflict(LAST_ADMIN_MESSAGE);
        await enqueueEmail(
          work,
          { to: target.email, ...templates.accountBlockedEmail({ firstName: target.firstName, reason }) },
          { kind: 'account-blocked', intentKey: `account-blocked:${target.id}:${now.toISOString()}` },
        );
        return updated;
      }

      if (target.status === 'ACTIVE') throw conflict('This user is not blocked.');
      const sessionsEnded = await endSessions(tx, target.id, now);
      const updated = await transition(work, userStatusMachine, {
        id: target.id,
        to: 'ACTIVE',
        set: { blockedReason: null, blockedAt: null, updatedAt: now },
        audit: { action: 'USER_UNBLOCKED', before, after: { reason: body.reason || null, sessionsEnded } },
      });
      if (!updated) throw conflict('This user is not blocked.');
      await enqueueEmail(
        work,
        { to: target.email, ...templates.accountUnblockedEmail({ firstName: target.firstName }) },
        { kind: 'account-unblocked', intentKey: `account-unblocked:${target.id}:${now.toISOString()}` },
      );
      return updated;
    });
  };
}
