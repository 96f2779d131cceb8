import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, poolGate } from '../../../test/concurrency.js';
import { clientHeaders, createUser, freshDatabase, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { connectDatabase, type Database } from '../../db/client.js';
import { users, verificationCodes } from '../../db/schema/index.js';
import { CODE_EXHAUSTED, CODE_INVALID, MAX_CODE_ATTEMPTS } from './messages.js';

/** Guessing from outside: codes and passwords tried in parallel must not get past their limits. */
let t: TestApp;
let base: string;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let single: Database;

// One pool connection: requests reach the database strictly in the order they asked for it.
beforeAll(async () => {
  fresh = await freshDatabase();
  single = connectDatabase(fresh.url, 1);
  const config = testConfig({
    login: { maxFailures: 3, lockMinutes: 15, rateLimitPerMinute: 1000 },
    otp: { sendLimitPerHour: 5, checkLimitPerHour: 1000 },
  });
  const app = await buildApp({ config, db: single.db });
  t = { app, db: fresh.db, config } as unknown as TestApp;
  base = await listenOnLoopback(app);
});
afterAll(async () => {
  await t.app.close();
  await single.close();
  await fresh.drop();
});

let phoneCounter = 0;
async function userWithCode(code: string) {
  phoneCounter += 1;
  const phone = `+1303555${String(phoneCounter).padStart(4, '0')}`;
  const user = await createUser(t, { phone, phoneVerified: true });
  const id = crypto.randomUUID();
  await t.db.insert(verificationCodes).values({
    id,
    purpose: 'FORGOT_PASSWORD',
    userId: user.id,
    target: phone,
    codeHash: createHash('sha256').update(`${id}:${code}`).digest('hex'),
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  return { user, phone, codeId: id };
}

function call(path: string, body: object) {
  return fetch(`${base}/api/v1/user/${path}`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

const guess = (phone: string, code: string) =>
  call('verify-otp', { countryCode: '+1', phone: phone.slice(2), code });

describe('verify-otp under parallel guessing', () => {
  it('compares at most the limit of 30 parallel wrong guesses, then refuses even the right code', async () => {
    const { phone, codeId } = await userWithCode('424242');
    const wrong = Array.from({ length: 30 }, (_, i) => String(100000 + i));
    const answers = await Promise.all(wrong.map((code) => guess(phone, code)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    // Every compared guess was counted first: the counter can only have reached the limit.
    const row = await t.db.query.verificationCodes.findFirst({ where: eq(verificationCodes.id, codeId) });
    expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
    const told = answers.map((a) => a.body.message);
    expect(told.filter((m) => m === CODE_INVALID).length).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS - 1);
    expect(told.filter((m) => m === CODE_EXHAUSTED).length).toBeGreaterThanOrEqual(
      30 - MAX_CODE_ATTEMPTS + 1,
    );

    const right = await guess(phone, '424242');
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(CODE_EXHAUSTED);
  });

  it('refuses the right code that arrives after the last allowed wrong guesses were in flight', async () => {
    const { phone, codeId } = await userWithCode('515151');
    expect((await guess(phone, '000001')).body.message).toBe(CODE_INVALID);
    const gate = await poolGate(single.pool);
    // The last four allowed wrong guesses line up for the database, then the right code after them.
    const wrong = ['000002', '000003', '000004', '000005'].map((code) => guess(phone, code));
    await gate.waitForQueue(4);
    const right = guess(phone, '515151');
    await gate.waitForQueue(5);
    gate.open();
    await Promise.all(wrong);
    const answer = await right;
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CODE_EXHAUSTED);
    const row = await t.db.query.verificationCodes.findFirst({ where: eq(verificationCodes.id, codeId) });
    expect(row?.usedAt).toBeNull();
  });
});

const login = (email: string, password: string) => call('login', { email, password });

describe('sign-in lockout under parallel guessing', () => {
  it('locks after LOGIN_MAX_FAILURES parallel wrong passwords; the right one is refused with 423', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `wrong-password-${i}`)),
    );
    expect(answers.every((a) => a.status === 400 || a.status === 423)).toBe(true);
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(2);
    const right = await login(user.email, user.password);
    expect(right.status).toBe(423);
    expect(right.body.message).toMatch(/locked for 15 minutes/);
  });

  it('refuses the right password that arrives while the last allowed wrong ones are in flight', async () => {
    const user = await createUser(t);
    const gate = await poolGate(single.pool);
    const wrong = [1, 2, 3].map((i) => login(user.email, `wrong-password-${i}`));
    await gate.waitForQueue(3);
    const right = login(user.email, user.password);
    await gate.waitForQueue(4);
    gate.open();
    await Promise.all(wrong);
    const answer = await right;
    expect(answer.status).toBe(423);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(row?.lockedUntil).not.toBeNull();
  });
});
