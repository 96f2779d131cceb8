import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  accountTokens,
  nonProfitExemptions,
  organizerRequestDetails,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import { defineMachine } from '../../db/state-machine.js';

/**
 * A buyer's request to organize (its state lives on `users.organizer_request`): asked, decided by an
 * administrator, and asked again after a rejection. Approval is final.
 */
export const organizerRequestMachine = defineMachine({
  label: 'organizer request',
  entityType: 'USER',
  table: users,
  column: users.organizerRequest,
  moves: {
    NONE: ['PENDING'],
    PENDING: ['APPROVED', 'REJECTED'],
    APPROVED: [],
    REJECTED: ['PENDING'],
  },
});

/**
 * A non-profit exemption, one row per user (keyed by it). A pending request's details may be sent
 * again (PENDING → PENDING), a rejected one asked again; approval is final.
 */
export const nonProfitMachine = defineMachine({
  label: 'non-profit request',
  entityType: 'USER',
  table: nonProfitExemptions,
  key: nonProfitExemptions.userId,
  moves: {
    PENDING: ['PENDING', 'APPROVED', 'REJECTED'],
    APPROVED: [],
    REJECTED: ['PENDING'],
  },
});

type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];
type TokenPurpose = (typeof accountTokens.$inferInsert)['purpose'];

export function findUserByVerifiedPhone(db: DbOrTx, phone: string) {
  return db.query.users.findFirst({ where: and(eq(users.phone, phone), eq(users.phoneVerified, true)) });
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function findUserByUsername(db: DbOrTx, username: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.username}) = ${username.toLowerCase()}` });
}

/**
 * A new code replaces the user's earlier unused ones for the same purpose and target; another account's
 * code for the same number stays (else anyone could keep voiding someone else's verification).
 */
export async function replaceCode(db: DbOrTx, values: typeof verificationCodes.$inferInsert, now: Date) {
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.purpose, values.purpose),
        eq(verificationCodes.target, values.target),
        eq(verificationCodes.userId, values.userId),
        isNull(verificationCodes.usedAt),
      ),
    );
  const [row] = await db.insert(verificationCodes).values(values).returning();
  return row;
}

export async function latestOpenCode(db: DbOrTx, purpose: CodePurpose, target: string, userId?: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.usedAt),
        userId ? eq(verificationCodes.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Counts a try before the code is compared, in one guarded statement: the latest open code of the target
 * gets attempts + 1 only while it is under the limit and unexpired. Parallel guesses queue on the row, so
 * no more than `maxAttempts` of them ever reach the comparison. Undefined when no try is left.
 */
export async function claimCodeAttempt(
  db: DbOrTx,
  input: { purpose: CodePurpose; target: string; userId?: string; maxAttempts: number; now: Date },
) {
  const latest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.target, input.target),
        isNull(verificationCodes.usedAt),
        input.userId ? eq(verificationCodes.userId, input.userId) : undefined,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        sql`${verificationCodes.id} = (${latest})`,
        sql`${verificationCodes.attempts} < ${input.maxAttempts}`,
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, input.now),
      ),
    )
    .returning();
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function insertAccountToken(db: DbOrTx, values: typeof accountTokens.$inferInsert) {
  const [row] = await db.insert(accountTokens).values(values).returning();
  return row;
}

/** Uses a token once: only the first caller gets its row back. */
export async function consumeAccountToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  purposes: TokenPurpose[],
) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        sql`${accountTokens.purpose} in ${purposes}`,
      ),
    )
    .returning();
  return row;
}

/**
 * Ends every reset link and reset code of a user that is still open: after a reset or a password change
 * an older link (perhaps in someone else's hands) must not set the password again.
 */
export async function endOpenResets(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'PASSWORD_RESET'),
        isNull(accountTokens.usedAt),
      ),
    );
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, 'FORGOT_PASSWORD'),
        isNull(verificationCodes.usedAt),
      ),
    );
}

export function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  return db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, userId));
}

export function revokeUserSessions(db: DbOrTx, userId: string, now: Date, exceptSessionId?: string) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export function updateUser(db: DbOrTx, userId: string, values: Partial<typeof users.$inferInsert>) {
  return db.update(users).set(values).where(eq(users.id, userId));
}

export function findNonProfit(db: DbOrTx, userId: string) {
  return db.query.nonProfitExemptions.findFirst({ where: eq(nonProfitExemptions.userId, userId) });
}

/** A first non-profit request (PENDING); undefined when the user has one already (it moves instead). */
export async function insertNonProfitIfAbsent(db: DbOrTx, values: typeof nonProfitExemptions.$inferInsert) {
  const [row] = await db
    .insert(nonProfitExemptions)
    .values({ ...values, status: 'PENDING' })
    .onConflictDoNothing({ target: nonProfitExemptions.userId })
    .returning();
  return row;
}

/** An unused, unexpired token with its user, without using it (to show what a link is for). */
export async function findOpenAccountToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: accountTokens, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        inArray(accountTokens.purpose, ['PASSWORD_RESET', 'INVITATION']),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row as
    | (NonNullable<typeof row> & { token: { purpose: 'PASSWORD_RESET' | 'INVITATION' } })
    | undefined;
}

/** Ends a token before its time (a re-sent or cancelled invitation). */
export function expireAccountToken(db: DbOrTx, tokenId: string, now: Date) {
  return db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)));
}

/** The stored password hash, read only when a change asks for the current password. */
export async function passwordHashOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export function findUserById(db: DbOrTx, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** The newest open email-change link of a user, if any. */
export async function findPendingEmailChange(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'EMAIL_CHANGE'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id))
    .limit(1);
  return row;
}

/** Ends a user's open email-change links (a newer request replaces them). */
export function endOpenEmailChanges(db: DbOrTx, userId: string, now: Date) {
  return db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'EMAIL_CHANGE'),
        isNull(accountTokens.usedAt),
      ),
    );
}

export function upsertOrganizerRequestDetails(
  db: DbOrTx,
  values: typeof organizerRequestDetails.$inferInsert,
) {
  return db
    .insert(organizerRequestDetails)
    .values(values)
    .onConflictDoUpdate({
      target: organizerRequestDetails.userId,
      set: {
        organizationName: values.organizationName,
        description: values.description,
        website: values.website,
        phone: values.phone,
        submittedAt: values.submittedAt,
      },
    });
}

export function findActiveAdministrators(db: DbOrTx) {
  return db.query.users.findMany({ where: and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')) });
}

/** The user's row, locked until the change commits: its state before the change is the audit's `before`. */
export async function lockUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The user's non-profit request, locked (undefined when there is none yet). */
export async function lockNonProfit(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(nonProfitExemptions)
    .where(eq(nonProfitExemptions.userId, userId))
    .for('update');
  return row;
}
