import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { socialIdentities, socialLoginAttempts, users } from '../../db/schema/index.js';

export async function insertAttempt(db: DbOrTx, values: typeof socialLoginAttempts.$inferInsert) {
  await db.insert(socialLoginAttempts).values(values);
}

/** Attempts are short-lived; old ones are removed whenever a new one starts. */
export function deleteAttemptsExpiredBefore(db: DbOrTx, before: Date) {
  return db.delete(socialLoginAttempts).where(lt(socialLoginAttempts.expiresAt, before));
}

/** Closes an open attempt atomically, so a replayed callback finds nothing. */
export async function completeAttempt(
  db: DbOrTx,
  provider: string,
  stateHash: string,
  now: Date,
  outcome: Partial<typeof socialLoginAttempts.$inferInsert> = {},
) {
  const [row] = await db
    .update(socialLoginAttempts)
    .set({ completedAt: now, ...outcome })
    .where(
      and(
        eq(socialLoginAttempts.provider, provider),
        eq(socialLoginAttempts.stateHash, stateHash),
        isNull(socialLoginAttempts.completedAt),
        gt(socialLoginAttempts.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export function findOpenAttempt(db: DbOrTx, provider: string, stateHash: string, now: Date) {
  return db.query.socialLoginAttempts.findFirst({
    where: and(
      eq(socialLoginAttempts.provider, provider),
      eq(socialLoginAttempts.stateHash, stateHash),
      isNull(socialLoginAttempts.completedAt),
      gt(socialLoginAttempts.expiresAt, now),
    ),
  });
}

export function saveVerifiedIdentity(
  db: DbOrTx,
  attemptId: string,
  values: Pick<
    typeof socialLoginAttempts.$inferInsert,
    'subject' | 'email' | 'emailVerified' | 'loginCodeHash' | 'loginCodeExpiresAt'
  >,
) {
  return db.update(socialLoginAttempts).set(values).where(eq(socialLoginAttempts.id, attemptId));
}

/** Uses the one-time login code: at most once, and only before it expires. */
export async function consumeLoginCode(db: DbOrTx, codeHash: string, now: Date) {
  const [row] = await db
    .update(socialLoginAttempts)
    .set({ consumedAt: now })
    .where(
      and(
        eq(socialLoginAttempts.loginCodeHash, codeHash),
        isNull(socialLoginAttempts.consumedAt),
        gt(socialLoginAttempts.loginCodeExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findUserBySocialIdentity(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select({ user: users, identityId: socialIdentities.id })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row;
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function linkIdentity(db: DbOrTx, values: typeof socialIdentities.$inferInsert) {
  return db
    .insert(socialIdentities)
    .values(values)
    .onConflictDoNothing({ target: [socialIdentities.provider, socialIdentities.subject] });
}

export function touchIdentity(db: DbOrTx, identityId: string, at: Date) {
  return db.update(socialIdentities).set({ lastUsedAt: at }).where(eq(socialIdentities.id, identityId));
}
