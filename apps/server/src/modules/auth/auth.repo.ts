import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import {
  accountTokens,
  eventTeam,
  nonProfitExemptions,
  organizationMembers,
  organizations,
  sessions,
  users,
} from '../../db/schema/index.js';
import { turnBatch } from '../../db/turn-batch.js';

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

// Every authenticated call runs it: built and planned once, with only the columns an actor carries; the
// sessions asked in one turn of the event loop are read together (db/turn-batch.ts).
const activeSessionsWithUsers = preparedStatement((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      session: {
        id: sessions.id,
        userId: sessions.userId,
        timezone: sessions.timezone,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: {
        id: users.id,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        phoneVerified: users.phoneVerified,
        avatar: users.avatar,
        role: users.role,
        status: users.status,
        organizerRequest: users.organizerRequest,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
      ),
    )
    .prepare('auth_active_sessions_with_users'),
);

type SessionWithUser = Omit<
  Awaited<ReturnType<ReturnType<typeof activeSessionsWithUsers>['execute']>>[number],
  'tokenHash'
>;

const readSessionsOfTurn = turnBatch(async (db: DbOrTx, tokenHashes: string[]) => {
  const rows = await activeSessionsWithUsers(db).execute({ tokenHashes });
  return new Map<string, SessionWithUser>(
    rows.map(({ tokenHash, session, user }) => [tokenHash, { session, user }]),
  );
});

/** The unrevoked session of a token's hash, with its user; read with the other sessions asked this turn. */
export function findActiveSessionWithUser(db: DbOrTx, tokenHash: string) {
  return readSessionsOfTurn(db, tokenHash);
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

/** Door check-in is all the console holds for a user (see `profileFacts`); `userId` is the user's id column. */
function scannerOnly(userId: typeof users.id) {
  const roles = sql`select ${eventTeam.role} from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${organizationMembers.userId} = ${userId} and ${organizationMembers.status} = 'ACTIVE'`;
  return sql<boolean>`(exists (${roles} and ${eventTeam.role} = 'SCANNER')
      and not exists (${roles} and ${eventTeam.role} = 'EVENT_ORGANIZER')
      and not exists (select 1 from ${organizations} where ${organizations.ownerId} = ${userId}))`;
}

/**
 * What the profile shows beside the user row, in one statement built once (every console load reads
 * it): the non-profit exemption (account module: `toNonProfitDetail`), the address an email change waits
 * to confirm (the newest unused, unexpired EMAIL_CHANGE token, as `findPendingEmailChange`), whether
 * the user is an ACTIVE member of an organization, and whether door check-in is all the console holds
 * for them: a scanner on some event of an organization they are an ACTIVE member of, an event
 * organizer on none, owner of no organization (asked only when `askScansOnly`: administrators and
 * approved organizers are never "scans only").
 */
const profileFactsStatement = preparedStatement((db) =>
  db
    .select({
      nonProfit: nonProfitExemptions,
      pendingEmail: sql<string | null>`(select ${accountTokens.newEmail} from ${accountTokens}
        where ${accountTokens.userId} = ${users.id} and ${accountTokens.purpose} = 'EMAIL_CHANGE'
          and ${accountTokens.usedAt} is null and ${accountTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz
        order by ${desc(accountTokens.createdAt)}, ${desc(accountTokens.id)} limit 1)`,
      isOrganizationMember: sql<boolean>`exists (select 1 from ${organizationMembers}
        where ${organizationMembers.userId} = ${users.id} and ${organizationMembers.status} = 'ACTIVE')`,
      scansOnly: sql<boolean>`(${sql.placeholder('askScansOnly')}::boolean and ${scannerOnly(users.id)})`,
    })
    .from(users)
    .leftJoin(nonProfitExemptions, eq(nonProfitExemptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_profile_facts'),
);

export async function profileFacts(db: DbOrTx, input: { userId: string; now: Date; askScansOnly: boolean }) {
  const [row] = await profileFactsStatement(db).execute({
    userId: input.userId,
    now: input.now.toISOString(),
    askScansOnly: input.askScansOnly,
  });
  return row;
}
