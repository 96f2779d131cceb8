import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientHeaders,
  createTestApp,
  createUser,
  freshDatabase,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { users } from '../../db/schema/index.js';

const clock = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { login: { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 1000 } },
  });
});
afterAll(() => t.close());

const login = (payload: unknown, headers = clientHeaders()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/login', headers, payload: payload as object });
const profile = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user/get-user-detail', headers: clientHeaders(token) });

describe('client credentials', () => {
  it('refuses a call without them with 403, not 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: 'a', password: 'b' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/credentials are missing or wrong/);
  });

  it('refuses a wrong secret key', async () => {
    const response = await login({ email: 'a', password: 'b' }, { ...clientHeaders(), secretkey: 'nope' });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/v1/user/login', () => {
  it('signs in by email, any case, and answers the spec login shape', async () => {
    const user = await createUser(t, { organizerRequest: 'APPROVED' });
    const response = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Signed in successfully.');
    expect(body.result).toEqual({
      accessToken: expect.any(String),
      _id: user.id,
      organizerRequest: 'APPROVED',
    });
    expect(body.result.accessToken.length).toBeGreaterThanOrEqual(22);
  });

  it('signs in by username', async () => {
    const user = await createUser(t);
    const response = await login({ email: user.username, password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const user = await createUser(t);
    const wrong = await login({ email: user.email, password: 'not-it' });
    const unknown = await login({ email: 'nobody@example.test', password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect email, username or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('names every missing field', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'email', message: 'Enter your email address or username' },
      { field: 'password', message: 'Enter your password' },
    ]);
  });

  it('answers a malformed body with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { ...clientHeaders(), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('refuses a blocked user with 423 once the password is right', async () => {
    const user = await createUser(t, { status: 'BLOCKED' });
    const wrong = await login({ email: user.email, password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    const right = await login({ email: user.email, password: user.password });
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe('Your account has been blocked. Please contact support.');
  });

  it('locks the account after 5 wrong passwords, for 15 minutes', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++)
      expect((await login({ email: user.email, password: 'bad' })).statusCode).toBe(400);
    const fifth = await login({ email: user.email, password: 'bad' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toMatch(/locked for 15 minutes/);
    const rightDuringLock = await login({ email: user.email, password: user.password });
    expect(rightDuringLock.statusCode).toBe(423);
    clock.advance(15 * 60_000 + 1000);
    const afterLock = await login({ email: user.email, password: user.password });
    expect(afterLock.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginCount).toBe(0);
    expect(row?.lockedUntil).toBeNull();
  });

  it('counts concurrent wrong passwords without losing any', async () => {
    const user = await createUser(t);
    await Promise.all(Array.from({ length: 3 }, () => login({ email: user.email, password: 'bad' })));
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedLoginCount).toBe(3);
  });
});

describe('GET /api/v1/user/get-user-detail', () => {
  it('needs a session', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to continue.');
    expect((await profile('made-up-token')).statusCode).toBe(401);
  });

  it('answers the profile without secrets', async () => {
    const user = await createUser(t, { firstName: 'Grace', lastName: 'Hopper', role: 'ADMIN' });
    const token = await loginAs(t, user.email, user.password);
    const response = await profile(token);
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      _id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: user.email,
      role: 'ADMIN',
      status: 'ACTIVE',
      organizerRequest: 'NONE',
      isOrganizationMember: false,
    });
    expect(JSON.stringify(result)).not.toMatch(/password|hash|failed/i);
  });

  it('answers 423 at once when the user is blocked after signing in', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user.email, user.password);
    expect((await profile(token)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'BLOCKED' }).where(eq(users.id, user.id));
    const response = await profile(token);
    expect(response.statusCode).toBe(423);
    expect(response.json().message).toBe('Your account has been blocked. Please contact support.');
  });

  it('answers calls made at once, each with its own session (sessions of one turn are read together)', async () => {
    const people = await Promise.all(
      ['Ada', 'Alan', 'Barbara', 'Edsger'].map((firstName) => createUser(t, { firstName })),
    );
    const tokens = await Promise.all(people.map((person) => loginAs(t, person.email, person.password)));
    const [ada] = people;
    if (!ada) throw new Error('no people');
    const signedOut = await loginAs(t, ada.email, ada.password);
    await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: clientHeaders(signedOut) });
    const asked = [...tokens, signedOut, 'made-up-token', ...[...tokens].reverse()];
    const answers = await Promise.all(asked.map((token) => profile(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200, 401, 401, 200, 200, 200, 200,
    ]);
    const names = answers.filter((a) => a.statusCode === 200).map((a) => a.json().result.firstName);
    expect(names).toEqual(['Ada', 'Alan', 'Barbara', 'Edsger', 'Edsger', 'Barbara', 'Alan', 'Ada']);
  });

  it('ends a session left idle past its limit', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user.email, user.password);
    clock.advance(t.config.session.idleHours * 3_600_000 + 60_000);
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/logout', () => {
  it('revokes the session it was called with, and only that one', async () => {
    const user = await createUser(t);
    const first = await loginAs(t, user.email, user.password);
    const second = await loginAs(t, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: clientHeaders(first),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out.', result: null });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  it('answers 429 with a clear message past the limit per minute', async () => {
    const limited = await createTestApp({
      config: { login: { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 2 } },
    });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          headers: clientHeaders(),
          payload: { email: 'x', password: 'y' },
        });
      await call();
      await call();
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Too many sign-in attempts from your network/);
    } finally {
      await limited.close();
    }
  });
});

describe('failures', () => {
  it('answers an unexpected failure with 500, a request id and no stack', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db });
    await database.close();
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: clientHeaders(),
        payload: { email: 'someone@example.test', password: 'whatever' },
      });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body.requestId).toBe(response.headers['x-request-id']);
      expect(body.message).toContain(body.requestId);
      expect(response.body).not.toMatch(/at .*\.ts|stack|Error:/);
    } finally {
      await app.close();
      await database.drop().catch(() => {});
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/nothing-here',
      headers: clientHeaders(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No API call GET \/api\/v1\/user\/nothing-here/);
  });
});
