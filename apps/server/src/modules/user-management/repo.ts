import type { UserStatus } from '@marquee/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, type UserRow, users } from '../../db/schema/index.js';
import { defineMachine } from '../../db/state-machine.js';

/** A user's account status (docs/user-management.md, "Blocking"): blocked and unblocked by administrators. */
export const userStatusMachine = defineMachine<UserStatus, typeof users>({
  label: 'user',
  entityType: 'USER',
  table: users,
  moves: { ACTIVE: ['BLOCKED'], BLOCKED: ['ACTIVE'] },
});

export async function roleOfUser(tx: DbOrTx, userId: string): Promise<UserRow['role'] | null> {
  const [seen] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return seen?.role ?? null;
}

/**
 * The rows a status change locks (FOR UPDATE): an administrator's change locks every administrator, in
 * id order, so the count of active administrators cannot change under it and two such changes queue
 * instead of deadlocking; anyone else's, their own row.
 */
export async function lockForStatusChange(
  tx: DbOrTx,
  userId: string,
  role: UserRow['role'],
): Promise<UserRow[]> {
  const target = role === 'ADMIN' ? eq(users.role, 'ADMIN') : eq(users.id, userId);
  return tx.select().from(users).where(target).orderBy(asc(users.id)).for('update');
}

/** The guard of a block: the user is no administrator, or another active administrator remains. */
export function notTheLastAdministrator(userId: string) {
  return sql`(${users.role} <> 'ADMIN' or exists (select 1 from ${users} other where other.role = 'ADMIN' and other.status = 'ACTIVE' and other.id <> ${userId}))`;
}

/** Ends the user's open sessions; how many were ended. */
export async function endSessions(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
