import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.js';
import type { DbOrTx } from '../../db/client.js';
import { eventTeam, organizationMembers, organizations, sessions, users } from '../../db/schema/index.js';

export type { UserRow } from '../../db/schema/index.js';

export function findUserByLogin(db: DbOrTx, login: string) {
  const needle = login.toLowerCase();
  return db.query.users.findFirst({
    where: or(sql`lower(${users.email}) = ${needle}`, sql`lower(${users.username}) = ${needle}`),
  });
}

/**
 * Counts a sign-in attempt before its password is compared, and locks on the last allowed one, in one
 * guarded statement: an account under a lock is not touched and nothing is returned. Parallel attempts
 * queue on the row, so no more than `maxFailures` passwords are compared per lock period. A lock that
 * has run out starts the count again.
 */
export async function claimLoginAttempt(
  db: DbOrTx,
  input: { userId: string; maxFailures: number; lockUntil: Date; now: Date },
) {
  const expired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${input.now.toISOString()}::timestamptz)`;
  const count = sql`(case when ${expired} then 0 else ${users.failedLoginCount} end) + 1`;
  const reachesLimit = sql`${count} >= ${input.maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reachesLimit} then 0 else ${count} end`,
      lockedUntil: sql`case when ${reachesLimit} then ${input.lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(users.id, input.userId),
        or(isNull(users.lockedUntil), sql`${users.lockedUntil} <= ${input.now.toISOString()}::timestamptz`),
      ),
    )
    .returning();
  return row;
}

export function clearFailedLogins(db: DbOrTx, userId: string) {
  return db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

// Read on every signed-in call: built once (db/built-once.ts).
const activeSessionWithUser = builtOnce((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare(''),
);

export async function findActiveSessionWithUser(db: DbOrTx, tokenHash: string) {
  const [row] = await activeSessionWithUser(db).execute({ tokenHash });
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

/**
 * Whether door check-in is all the console holds for a user: a scanner on some event of an organization
 * they are an ACTIVE member of, an event organizer on none, and owner of no organization. One query.
 * (Administrators and approved organizers are never "scans only"; the caller checks that first.)
 */
export async function isScannerOnly(db: DbOrTx, userId: string): Promise<boolean> {
  const roles = sql`select ${eventTeam.role} from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${organizationMembers.userId} = ${userId} and ${organizationMembers.status} = 'ACTIVE'`;
  const result = await db.execute<{ scans_only: boolean }>(sql`
    select exists (${roles} and ${eventTeam.role} = 'SCANNER')
      and not exists (${roles} and ${eventTeam.role} = 'EVENT_ORGANIZER')
      and not exists (select 1 from ${organizations} where ${organizations.ownerId} = ${userId})
      as scans_only`);
  return result.rows[0]?.scans_only === true;
}
