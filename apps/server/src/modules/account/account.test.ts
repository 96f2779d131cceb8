import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientHeaders,
  createTestApp,
  createUser,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { lastCodeFor, startSmsGateway, startSmtpServer } from '../../../test/message-servers.js';
import { sessions, verificationCodes } from '../../db/schema/index.js';

const clock = manualClock();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startSmsGateway();
  t = await createTestApp({
    clock,
    config: {
      publicUrl: 'https://console.example.test',
      mail: { smtpUrl: smtp.url, from: 'Marquee <no-reply@marquee.test>' },
      sms: { gatewayUrl: gateway.url, accountSid: 'AC123', authToken: 'secret-token', from: '+15550009999' },
      otp: { sendLimitPerHour: 5, checkLimitPerHour: 1000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await gateway.close();
});

let phoneCounter = 0;
function newPhone() {
  phoneCounter += 1;
  const national = `20255${String(Date.now() % 100000).padStart(5, '0')}${phoneCounter}`.slice(0, 11);
  return { countryCode: '+1', phone: national, e164: `+1${national}` };
}

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/user/${url}`, headers: clientHeaders(token), payload });
const put = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/user/${url}`, headers: clientHeaders(token), payload });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: clientHeaders(token) });

async function userWithPhone() {
  const phone = newPhone();
  const user = await createUser(t, { phone: phone.e164, phoneVerified: true });
  return { user, phone };
}

function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

describe('forgot password by SMS code', () => {
  it('sends a 6-digit code through the gateway, verifies it and resets the password, ending every session', async () => {
    const { user, phone } = await userWithPhone();
    const sessionA = await loginAs(t, user.email, user.password);
    const sessionB = await loginAs(t, user.email, user.password);

    const start = await post('check-mobile-for-forgot-password', {
      method: 'MOBILE',
      countryCode: phone.countryCode,
      phone: ` ${phone.phone.slice(0, 3)} ${phone.phone.slice(3)} `,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().result).toEqual({ method: 'MOBILE', resendAfterSeconds: 30 });

    const sms = gateway.received.at(-1);
    expect(sms?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms?.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(sms?.form).toMatchObject({ To: phone.e164, From: '+15550009999' });
    expect(sms?.form.Body).toMatch(/^Marquee: your password reset code is \d{6}\. It expires in 10 minutes/);
    const code = lastCodeFor(gateway.received, phone.e164);

    // Only a hash is stored.
    const stored = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, phone.e164));
    expect(JSON.stringify(stored)).not.toContain(code);

    const verified = await post('verify-otp', { ...phone, code });
    expect(verified.statusCode).toBe(200);
    const resetToken = verified.json().result.resetToken;
    expect(resetToken.length).toBeGreaterThan(20);

    // A code works once.
    expect((await post('verify-otp', { ...phone, code })).statusCode).toBe(400);

    const mismatch = await post('password-reset', {
      token: resetToken,
      password: 'Brand#New123',
      confirmPassword: 'Other#123456',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { field: 'confirmPassword', message: "Confirmation password doesn't match the new password." },
    ]);

    const reset = await post('password-reset', {
      token: resetToken,
      password: 'Brand#New123',
      confirmPassword: 'Brand#New123',
    });
    expect(reset.statusCode).toBe(200);
    for (const token of [sessionA, sessionB]) {
      expect((await get('/api/v1/user/get-user-detail', token)).statusCode).toBe(401);
    }
    await loginAs(t, user.email, 'Brand#New123');
    // The token is single-use.
    const again = await post('password-reset', {
      token: resetToken,
      password: 'Other#New123',
      confirmPassword: 'Other#New123',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
  });

  it('answers the same for a number without an account, and sends nothing', async () => {
    const before = gateway.received.length;
    const unknown = newPhone();
    const response = await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...unknown });
    expect(response.statusCode).toBe(200);
    const { user: _u, phone } = await userWithPhone();
    const known = await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...phone });
    expect(response.json()).toEqual(known.json());
    expect(gateway.received.length).toBe(before + 1);
    const verify = await post('verify-otp', { ...unknown, code: '123456' });
    expect(verify.statusCode).toBe(400);
  });

  it('kills a code after 5 wrong tries: even the right code is then refused', async () => {
    const { phone } = await userWithPhone();
    await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...phone });
    const code = lastCodeFor(gateway.received, phone.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const response = await post('verify-otp', { ...phone, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'code', message: expect.stringMatching(/not valid/) },
      ]);
    }
    const fifth = await post('verify-otp', { ...phone, code: wrong });
    expect(fifth.json().message).toBe('Too many wrong codes. Please request a new code.');
    const right = await post('verify-otp', { ...phone, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
    // A new code works again.
    await post('resend-otp', phone);
    const fresh = lastCodeFor(gateway.received, phone.e164);
    expect((await post('verify-otp', { ...phone, code: fresh })).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes, and a resent code replaces the earlier one', async () => {
    const { phone } = await userWithPhone();
    await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...phone });
    const first = lastCodeFor(gateway.received, phone.e164);
    clock.advance(10 * 60_000 + 1000);
    expect((await post('verify-otp', { ...phone, code: first })).statusCode).toBe(400);
    await post('resend-otp', phone);
    const second = lastCodeFor(gateway.received, phone.e164);
    if (second !== first) expect((await post('verify-otp', { ...phone, code: first })).statusCode).toBe(400);
    expect((await post('verify-otp', { ...phone, code: second })).statusCode).toBe(200);
  });

  it('validates the input with messages naming the field', async () => {
    const empty = await post('verify-otp', { countryCode: '+1', phone: '2025550100', code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      field: 'code',
      message: 'Please enter the verification code.',
    });
    const badPhone = await post('check-mobile-for-forgot-password', {
      method: 'MOBILE',
      countryCode: '1',
      phone: 'abc',
    });
    expect(badPhone.json().errors).toEqual([
      { field: 'countryCode', message: 'Choose a country code such as +1 or +44' },
      { field: 'phone', message: 'Enter a mobile number of 4 to 14 digits' },
    ]);
    const badEmail = await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: 'nope' });
    expect(badEmail.json().errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
  });

  it('limits codes per number, whether or not an account matches (429)', async () => {
    const unknown = newPhone();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...unknown })).statusCode,
      ).toBe(200);
    }
    const limited = await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...unknown });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many codes were requested for this number or address/);
    // Another number is not affected.
    expect(
      (await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...newPhone() })).statusCode,
    ).toBe(200);
  });

  it('answers 502 with a clear message when the gateway fails', async () => {
    const { phone } = await userWithPhone();
    gateway.state.failNext = true;
    const response = await post('check-mobile-for-forgot-password', { method: 'MOBILE', ...phone });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'We could not send the message right now. Please try again in a few minutes.',
    );
  });
});

describe('forgot password by email link', () => {
  it('mails a single-use link through SMTP that resets the password, valid one hour', async () => {
    const user = await createUser(t, { firstName: 'Erin' });
    const response = await post('check-mobile-for-forgot-password', {
      method: 'EMAIL',
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'If an account matches this email address, we have sent it a reset link.',
    );
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([user.email]);
    expect(mail?.from).toBe('no-reply@marquee.test');
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    expect(body).toMatch(/Subject: Reset your Marquee password/);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Hello Erin,');
    const token = body.match(/https:\/\/console\.example\.test\/reset-link\/([\w-]+)/)?.[1];
    expect(token).toBeDefined();

    const reset = await post('password-reset', {
      token,
      password: 'Mail#Reset123',
      confirmPassword: 'Mail#Reset123',
    });
    expect(reset.statusCode).toBe(200);
    await loginAs(t, user.email, 'Mail#Reset123');
    expect(
      (await post('password-reset', { token, password: 'Mail#Again123', confirmPassword: 'Mail#Again123' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a link after one hour', async () => {
    const user = await createUser(t);
    const before = smtp.received.length;
    await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: user.email });
    expect(smtp.received.length).toBe(before + 1);
    const token = decodeQuotedPrintable(smtp.received.at(-1)?.raw ?? '').match(/reset-link\/([\w-]+)/)?.[1];
    clock.advance(60 * 60_000 + 1000);
    const reset = await post('password-reset', {
      token,
      password: 'Late#Reset123',
      confirmPassword: 'Late#Reset123',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('sends nothing for an unknown address and answers the same', async () => {
    const before = smtp.received.length;
    const response = await post('check-mobile-for-forgot-password', {
      method: 'EMAIL',
      email: 'nobody@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'If an account matches this email address, we have sent it a reset link.',
    );
    expect(smtp.received.length).toBe(before);
  });
});

describe('change password', () => {
  it('checks the current password and the confirmation, then ends the other sessions only', async () => {
    const user = await createUser(t);
    const mine = await loginAs(t, user.email, user.password);
    const other = await loginAs(t, user.email, user.password);
    const wrong = await post(
      'change-password',
      { currentPassword: 'nope', newPassword: 'Changed#123', confirmPassword: 'Changed#123' },
      mine,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct.' },
    ]);
    const mismatch = await post(
      'change-password',
      { currentPassword: user.password, newPassword: 'Changed#123', confirmPassword: 'Changed#124' },
      mine,
    );
    expect(mismatch.json().message).toBe("Confirmation password doesn't match the new password.");
    const short = await post(
      'change-password',
      { currentPassword: user.password, newPassword: 'short', confirmPassword: 'short' },
      mine,
    );
    expect(short.json().errors).toContainEqual({
      field: 'newPassword',
      message: 'Use at least 8 characters',
    });
    const ok = await post(
      'change-password',
      { currentPassword: user.password, newPassword: 'Changed#123', confirmPassword: 'Changed#123' },
      mine,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/v1/user/get-user-detail', mine)).statusCode).toBe(200);
    expect((await get('/api/v1/user/get-user-detail', other)).statusCode).toBe(401);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(rows).toHaveLength(1);
    await loginAs(t, user.email, 'Changed#123');
  });

  it('needs a session', async () => {
    const response = await post('change-password', {
      currentPassword: 'whatever',
      newPassword: 'Changed#123',
      confirmPassword: 'Changed#123',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('tells whether a username is free (your own counts as free)', async () => {
    const taken = await createUser(t);
    const me = await createUser(t);
    const token = await loginAs(t, me.email, me.password);
    const check = (username: string) =>
      get(`/api/v1/user/check-username?username=${encodeURIComponent(username)}`, token);
    expect((await check(taken.username.toUpperCase())).json().result.available).toBe(false);
    expect((await check(me.username)).json().result.available).toBe(true);
    expect((await check('free_name_42')).json().result).toEqual({
      username: 'free_name_42',
      available: true,
    });
    const bad = await check('a b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use letters, digits, dots and underscores only');
  });

  it('updates names, username, email and avatar; refuses a taken username or email with 409 on the field', async () => {
    const other = await createUser(t);
    const me = await createUser(t);
    const token = await loginAs(t, me.email, me.password);
    const taken = await put(
      'update-profile',
      { firstName: 'May', lastName: 'Day', username: other.username, email: other.email },
      token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { field: 'username', message: 'This username is already taken.' },
      { field: 'email', message: 'This email address is already used by another account.' },
    ]);
    const newName = `may_${Date.now().toString(36)}`;
    const ok = await put(
      'update-profile',
      {
        firstName: ' May ',
        lastName: 'Day',
        username: newName,
        email: `${newName}@example.test`,
        currentPassword: me.password,
        avatar: 'https://cdn.example.test/a.png',
      },
      token,
    );
    expect(ok.statusCode).toBe(200);
    const profile = (await get('/api/v1/user/get-user-detail', token)).json().result;
    // A new email waits for its confirmation link (email-and-invitations.test.ts).
    expect(profile).toMatchObject({
      firstName: 'May',
      lastName: 'Day',
      username: newName,
      email: me.email,
      pendingEmail: `${newName}@example.test`,
      avatar: 'https://cdn.example.test/a.png',
      nonProfit: { status: 'NONE' },
    });
    const invalid = await put(
      'update-profile',
      { firstName: '', lastName: 'x', username: 'ok_name', email: 'bad', avatar: 'javascript:x' },
      token,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'firstName',
      'email',
      'avatar',
    ]);
  });
});

describe('mobile verification', () => {
  it('sends a code to the new number and marks it verified only once confirmed', async () => {
    const me = await createUser(t);
    const token = await loginAs(t, me.email, me.password);
    const phone = newPhone();
    const sent = await post('check-mobile-for-verification', phone, token);
    expect(sent.statusCode).toBe(200);
    expect(gateway.received.at(-1)?.form.Body).toMatch(/^Marquee: your verification code is \d{6}/);
    let profile = (await get('/api/v1/user/get-user-detail', token)).json().result;
    expect(profile.phoneVerified).toBe(false);
    expect(profile.phone).toBeNull();
    const code = lastCodeFor(gateway.received, phone.e164);
    // Someone else's session cannot use my code.
    const intruder = await createUser(t);
    const intruderToken = await loginAs(t, intruder.email, intruder.password);
    expect((await post('mobile-verification', { ...phone, code }, intruderToken)).statusCode).toBe(400);
    const ok = await post('mobile-verification', { ...phone, code }, token);
    expect(ok.statusCode).toBe(200);
    profile = (await get('/api/v1/user/get-user-detail', token)).json().result;
    expect(profile).toMatchObject({ phone: phone.e164, phoneVerified: true });
    // The number now belongs to me: another account cannot claim it.
    const claim = await post('check-mobile-for-verification', phone, intruderToken);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe('This mobile number is already verified on another account.');
  });
});

describe('non-profit exemption', () => {
  it('stores a pending request shown on the profile, and validates it', async () => {
    const me = await createUser(t);
    const token = await loginAs(t, me.email, me.password);
    const missing = await post(
      'update-non-profit-excemtion-detail',
      { legalName: '', registrationNumber: '', documentUrl: '' },
      token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'legalName',
      'registrationNumber',
      'documentUrl',
    ]);
    const body = {
      legalName: 'Friends of Jazz e.V.',
      registrationNumber: 'VR 12345',
      documentUrl: 'https://cdn.example.test/cert.pdf',
    };
    const ok = await post('update-non-profit-excemtion-detail', body, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ ...body, status: 'PENDING' });
    const profile = (await get('/api/v1/user/get-user-detail', token)).json().result;
    expect(profile.nonProfit).toMatchObject({ status: 'PENDING', legalName: 'Friends of Jazz e.V.' });
  });
});
