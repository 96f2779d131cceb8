import { Writable } from 'node:stream';
import * as c from '@marquee/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableError } from '../src/lib/log-safe.js';
import { call } from './calls.js';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from './helpers.js';

/** Found when the API was attacked from outside (issue 8): each of these failed before its fix. */
describe('edge input', () => {
  let t: TestApp;
  let admin: string;
  let log = '';
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: logStream } });
    const a = await createUser(t, { role: 'ADMIN' });
    admin = await loginAs(t, a.email, a.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('client credentials follow the matched route, not the URL string', () => {
    it('refuses an encoded path to a real route without them (403)', async () => {
      for (const url of ['/%61pi/v1/user/login', '/api/v1/user/%6cogin', '/%61%70%69/v1/user/login']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { email: 'a@b.c', password: 'x' },
        });
        expect(response.statusCode, url).toBe(403);
      }
    });

    it('still lets the routes that declare no credentials through, however spelled', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/%61pi/health' });
      expect(response.statusCode).toBe(200);
    });

    it('keeps paths that are no route behind them too, however spelled: 403, then 404', async () => {
      for (const url of ['/api/v1/user/no-such-call', '/%61pi/v1/user/no-such-call']) {
        expect((await t.app.inject({ method: 'POST', url })).statusCode, url).toBe(403);
        const known = await t.app.inject({ method: 'POST', url, headers: clientHeaders() });
        expect(known.statusCode, url).toBe(404);
      }
    });
  });

  describe('a NUL character in any text', () => {
    const marker = 'nul-marker-7f3a';

    it('is refused as a 400 naming the field: query, search, body, public calls', async () => {
      const search = await call(t, c.categoryListWithPagination, {
        token: admin,
        query: { search: `${marker}\u0000` },
      });
      expect(search.status).toBe(400);
      expect(search.error?.errors).toEqual([{ field: 'search', message: expect.stringContaining('null') }]);

      const body = await call(t, c.createCategory, { token: admin, body: { name: `A${marker}\u0000B` } });
      expect(body.status).toBe(400);
      expect(body.error?.errors?.[0]?.field).toBe('name');

      const login = await call(t, c.login, {
        body: { email: `x${marker}\u0000@example.test`, password: 'pw' },
      });
      expect(login.status).toBe(400);
      expect(login.error?.errors?.[0]?.field).toBe('email');

      // The request log names the URL (its own concern); no error line, no statement, no parameters.
      const errors = log.split('\n').filter((line) => line.includes('"level":50'));
      expect(errors).toEqual([]);
      expect(log).not.toContain('Failed query');
    });

    it('never reaches the log through a failed query: statement and code only, no parameters', async () => {
      const error = await t.db.execute(sql`select ${`${marker}\u0000`}::text`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const logged = JSON.stringify(loggableError(error));
      expect(logged).not.toContain(marker);
      expect(logged).toContain('select $1::text');
    });
  });

  describe('sorting', () => {
    it('refuses a field that is only on the prototype (sort=constructor) as a 400', async () => {
      for (const sort of ['constructor', '-toString', 'hasOwnProperty']) {
        const r = await call(t, c.categoryListWithPagination, { token: admin, query: { sort } });
        expect(r.status, sort).toBe(400);
        expect(r.error?.errors?.[0]?.field).toBe('sort');
      }
    });
  });

  it('keeps the client headers helper in use for plain calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: clientHeaders() });
    expect(response.statusCode).toBe(200);
  });
});
