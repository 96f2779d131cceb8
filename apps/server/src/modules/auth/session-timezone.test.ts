import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { sessions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sessionZone(timezone: string) {
  const user = await createUser(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers: { ...clientHeaders(), timezone },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return row?.timezone;
}

describe('the session keeps the browser’s time zone', () => {
  it('when it is an IANA zone, alias included', async () => {
    expect(await sessionZone('America/New_York')).toBe('America/New_York');
    expect(await sessionZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('and nothing when the header is not one, rather than a zone no screen can format in', async () => {
    expect(await sessionZone('Mars/Olympus_Mons')).toBeNull();
    expect(await sessionZone('+05:30')).toBeNull();
  });
});
