import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../test/concurrency.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  freshDatabase,
  loginAs,
  type TestApp,
} from '../../../test/helpers.js';
import { lastCodeFor, startSmsGateway, startSmtpServer } from '../../../test/message-servers.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startSmsGateway();
  t = await createTestApp({
    config: {
      publicUrl: 'https://console.example.test',
      mail: { smtpUrl: smtp.url, from: 'Marquee <no-reply@marquee.test>' },
      sms: { gatewayUrl: gateway.url, accountSid: 'AC1', authToken: 'token', from: '+15550009999' },
      otp: { sendLimitPerHour: 50, checkLimitPerHour: 3 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await gateway.close();
});

const post = (url: string, payload: object, token?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/${url}`,
    headers: clientHeaders(token),
    payload,
    remoteAddress,
  });

let addressCounter = 0;
/** Each test checks codes from its own client address, so the per-address limit of one does not leak. */
function newAddress() {
  addressCounter += 1;
  return `10.9.0.${addressCounter}`;
}

function resetLinkTokenFor(to: string): string {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to));
  const raw = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = raw.match(/reset-link\/([A-Za-z0-9_-]{20,})/)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${to}`);
  return token;
}

describe('per-address limit on code and link checks', () => {
  it('answers 429 with Retry-After past CODE_CHECK_LIMIT_PER_HOUR from one address, whatever the number', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(
        'verify-otp',
        { countryCode: '+1', phone: `30355500${10 + i}`, code: '123456' },
        undefined,
        address,
      );
      expect(answer.statusCode).toBe(400);
    }
    const over = await post(
      'verify-otp',
      { countryCode: '+1', phone: '3035550099', code: '123456' },
      undefined,
      address,
    );
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/Too many codes or links were checked from your network/);
    // Another address is not held back by the first one's guesses.
    const other = await post(
      'verify-otp',
      { countryCode: '+1', phone: '3035550099', code: '123456' },
      undefined,
      newAddress(),
    );
    expect(other.statusCode).toBe(400);
  });

  it('limits reset-link checks per address too', async () => {
    const address = newAddress();
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/user/check-reset-link?token=not-a-real-token',
        headers: clientHeaders(),
        remoteAddress: address,
      });
    for (let i = 0; i < 3; i += 1) expect((await check()).statusCode).toBe(400);
    const over = await check();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('reset links and codes after a reset or a password change', () => {
  it('a successful reset ends every other outstanding reset link of the user', async () => {
    const user = await createUser(t);
    await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: user.email });
    const older = resetLinkTokenFor(user.email);
    await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: user.email });
    const newer = resetLinkTokenFor(user.email);
    expect(newer).not.toBe(older);
    const reset = await post(
      'password-reset',
      { token: newer, password: 'Another#Pass1', confirmPassword: 'Another#Pass1' },
      undefined,
      newAddress(),
    );
    expect(reset.statusCode).toBe(200);
    const replay = await post(
      'password-reset',
      { token: older, password: 'Attacker#Pass1', confirmPassword: 'Attacker#Pass1' },
      undefined,
      newAddress(),
    );
    expect(replay.statusCode).toBe(400);
  });

  it('a password change ends every outstanding reset link and SMS code of the user', async () => {
    const phone = '+13035551234';
    const user = await createUser(t, { phone, phoneVerified: true });
    await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: user.email });
    const link = resetLinkTokenFor(user.email);
    await post('check-mobile-for-forgot-password', {
      method: 'MOBILE',
      countryCode: '+1',
      phone: '3035551234',
    });
    const code = lastCodeFor(gateway.received, phone);

    const session = await loginAs(t, user.email, user.password);
    const changed = await post(
      'change-password',
      { currentPassword: user.password, newPassword: 'Changed#Pass1', confirmPassword: 'Changed#Pass1' },
      session,
    );
    expect(changed.statusCode).toBe(200);

    const byLink = await post(
      'password-reset',
      { token: link, password: 'Attacker#Pass1', confirmPassword: 'Attacker#Pass1' },
      undefined,
      newAddress(),
    );
    expect(byLink.statusCode).toBe(400);
    const byCode = await post(
      'verify-otp',
      { countryCode: '+1', phone: '3035551234', code },
      undefined,
      newAddress(),
    );
    expect(byCode.statusCode).toBe(400);
  });
});

describe('one verified phone number per account', () => {
  it('answers 409 to the second of two accounts verifying the same number in parallel', async () => {
    const base = await listenOnLoopback(t.app);
    const [a, b] = [await createUser(t), await createUser(t)];
    const [tokenA, tokenB] = [await loginAs(t, a.email, a.password), await loginAs(t, b.email, b.password)];
    const number = { countryCode: '+1', phone: '3035557777' };
    expect((await post('check-mobile-for-verification', number, tokenA)).statusCode).toBe(200);
    const codeA = lastCodeFor(gateway.received, '+13035557777');
    expect((await post('check-mobile-for-verification', number, tokenB)).statusCode).toBe(200);
    const codeB = lastCodeFor(gateway.received, '+13035557777');

    const verify = (token: string, code: string) =>
      fetch(`${base}/api/v1/user/mobile-verification`, {
        method: 'POST',
        headers: { ...clientHeaders(token), 'content-type': 'application/json' },
        body: JSON.stringify({ ...number, code }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const answers = await Promise.all([verify(tokenA, codeA), verify(tokenB, codeB)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)?.body.message).toBe(
      'This mobile number is already verified on another account.',
    );
    const owners = await t.db.query.users.findMany({
      where: (u, { and, eq }) => and(eq(u.phone, '+13035557777'), eq(u.phoneVerified, true)),
    });
    expect(owners).toHaveLength(1);
  });
});

describe('secrets in the request log', () => {
  it('logs reset tokens, codes and passwords in query strings and link paths as [redacted]', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const app = await buildApp({
      // Request logs are held back below debug (plugins/request-log.ts); at debug every URL is logged.
      config: testConfig({ logLevel: 'debug' }),
      db: database.db,
      logger: { level: 'debug', stream },
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/api/v1/user/check-reset-link?token=SuperSecretResetToken123&x=1',
        headers: clientHeaders(),
      });
      await app.inject({
        method: 'GET',
        url: '/reset-link/AnotherSecretToken456?code=987654&password=hunter2',
      });
      const log = lines.join('');
      expect(log).toContain('/api/v1/user/check-reset-link?token=[redacted]&x=1');
      expect(log).toContain('/reset-link/[redacted]?code=[redacted]&password=[redacted]');
      for (const secret of ['SuperSecretResetToken123', 'AnotherSecretToken456', '987654', 'hunter2'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
