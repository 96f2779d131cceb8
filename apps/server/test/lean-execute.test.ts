import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunLean, leanPrepared } from '../src/db/lean-execute.js';
import { namedStatement } from '../src/db/named-statement.js';
import { nonProfitExemptions, sessions, users } from '../src/db/schema/index.js';
import { pgErrorOf } from '../src/lib/db-errors.js';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers.js';

/**
 * Hot statements run straight on the driver (db/lean-execute.ts). What they answer must be exactly what
 * Drizzle's own `execute` answers: the same rows, keyed and decoded alike (timestamps to Date, joined
 * objects, nulls), the same raw results, and a failure wrapped as Drizzle wraps it.
 */
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, {});
  userId = user.id;
  await loginAs(t, user.email, user.password);
});
afterAll(() => t.close());

function sessionRead(name: string) {
  return t.db
    .select({
      session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt },
      user: { id: users.id, email: users.email, createdAt: users.createdAt, avatar: users.avatar },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.userId, sql.placeholder('userId')))
    .prepare(name);
}

describe('a prepared select run lean', () => {
  it('is run lean with the Drizzle this project pins (else hot paths went back to the slow way)', () => {
    expect(canRunLean(sessionRead('lean_test_shape'))).toBe(true);
  });

  it('answers the very rows Drizzle answers: keys, nesting, Date and null decoding', async () => {
    const drizzleRows = await sessionRead('lean_test_drizzle').execute({ userId });
    const leanRows = await leanPrepared(sessionRead('lean_test_lean')).execute({ userId });
    expect(drizzleRows.length).toBe(1);
    expect(leanRows).toEqual(drizzleRows);
    const [row] = leanRows;
    expect(row?.session.lastSeenAt).toBeInstanceOf(Date);
    expect(row?.session.revokedAt).toBeNull();
    expect(row?.user.id).toBe(userId);
  });

  it('maps a left join, SQL fields and flat keys as Drizzle does (an unmatched joined object is null)', async () => {
    const read = (name: string) =>
      t.db
        .select({
          id: users.id,
          createdAt: users.createdAt,
          exemption: { userId: nonProfitExemptions.userId, submittedAt: nonProfitExemptions.submittedAt },
          sessionCount:
            sql`(select count(*) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(Number),
          firstSeen:
            sql<Date>`(select min(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`
              .mapWith(sessions.createdAt)
              .as('first_seen'),
        })
        .from(users)
        .leftJoin(nonProfitExemptions, eq(nonProfitExemptions.userId, users.id))
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare(name);
    const drizzleRows = await read('lean_test_join_drizzle').execute({ userId });
    const leanRows = await leanPrepared(read('lean_test_join_lean')).execute({ userId });
    expect(leanRows).toEqual(drizzleRows);
    expect(leanRows).toEqual([
      {
        id: userId,
        createdAt: expect.any(Date),
        exemption: null,
        sessionCount: 1,
        firstSeen: expect.any(Date),
      },
    ]);
    await t.db
      .insert(nonProfitExemptions)
      .values({ userId, legalName: 'Lean Test e.V.', registrationNumber: 'VR 1', documentUrl: '/doc.pdf' });
    const matched = await leanPrepared(read('lean_test_join_lean')).execute({ userId });
    expect(matched).toEqual(await read('lean_test_join_drizzle').execute({ userId }));
    expect(matched[0]?.exemption).toEqual({ userId, submittedAt: expect.any(Date) });
    await t.db.delete(nonProfitExemptions).where(eq(nonProfitExemptions.userId, userId));
  });

  it('answers no rows for no match, and wraps a failure as Drizzle does, the driver error as its cause', async () => {
    expect(
      await leanPrepared(sessionRead('lean_test_none')).execute({ userId: crypto.randomUUID() }),
    ).toEqual([]);
    const failing = leanPrepared(sessionRead('lean_test_bad'));
    const error = await failing.execute({ userId: 'not-a-uuid' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(pgErrorOf(error)?.code).toBe('22P02');
  });
});

describe('a named raw statement run lean', () => {
  const count = namedStatement<{ n: number; at: string }>(
    'lean_test_count',
    'select count(*)::int as n, max(created_at) as at from users where id = $1',
  );

  it('answers the driver result with Drizzle type parsing (timestamps stay text for the caller)', async () => {
    const result = await count(t.db, [userId]);
    expect(result.rows).toEqual([{ n: 1, at: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(result.rows[0]?.at ?? ''))).toBe(false);
  });

  it('runs on a transaction handle too, inside its transaction', async () => {
    const avatarOf = namedStatement<{ avatar: string | null }>(
      'lean_test_avatar',
      'select avatar from users where id = $1',
    );
    let inside: string | null | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.update(users).set({ avatar: 'lean-test' }).where(eq(users.id, userId));
        inside = (await avatarOf(tx, [userId])).rows[0]?.avatar;
        tx.rollback();
      })
      .catch(() => undefined);
    expect(inside).toBe('lean-test');
    expect((await avatarOf(t.db, [userId])).rows[0]?.avatar).toBeNull();
  });
});
