import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export function findUserByLogin(db: DbOrTx, login: string) {
  const needle = login.toLowerCase();
  return db.query.users.findFirst({
    where: or(sql`lower(${users.email}) = ${needle}`, sql`lower(${users.username}) = ${needle}`),
  });
}

/** Counts a wrong password atomically, so concurrent attempts cannot slip past the limit. */
export async function recordFailedLogin(db: DbOrTx, userId: string, maxFailures: number, lockUntil: Date) {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${maxFailures} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row;
}

export function clearFailedLogins(db: DbOrTx, userId: string) {
  return db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

export async function findActiveSessionWithUser(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

export function touchSession(db: DbOrTx, sessionId: string, at: Date) {
  return db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export function revokeSession(db: DbOrTx, sessionId: string, at: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
