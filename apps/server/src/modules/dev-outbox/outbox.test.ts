import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

describe('development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { devOutbox: true, publicUrl: 'http://demo.test' } });
  });
  afterAll(() => t.close());

  it('captures email and SMS when no provider is configured, for administrators only', async () => {
    const user = await createUser(t, { phone: '+15550123456', phoneVerified: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/check-mobile-for-forgot-password',
      headers: clientHeaders(),
      payload: { method: 'EMAIL', email: user.email },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/check-mobile-for-forgot-password',
      headers: clientHeaders(),
      payload: { method: 'MOBILE', countryCode: '+1', phone: '5550123456' },
    });
    const admin = await createUser(t, { role: 'ADMIN' });
    const adminToken = await loginAs(t, admin.email, admin.password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox-list?limit=5',
      headers: clientHeaders(adminToken),
    });
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json().result;
    expect(total).toBe(2);
    expect(items[0]).toMatchObject({ channel: 'SMS', to: '+15550123456', subject: null });
    expect(items[0].text).toMatch(/your password reset code is \d{6}/);
    expect(items[1]).toMatchObject({
      channel: 'EMAIL',
      to: user.email,
      subject: 'Reset your Marquee password',
    });
    expect(items[1].text).toMatch(/http:\/\/demo\.test\/reset-link\/[\w-]+/);
    expect(items[1].html).toContain('<a href="http://demo.test/reset-link/');

    const sms = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox-list?channel=SMS',
      headers: clientHeaders(adminToken),
    });
    expect(sms.json().result.total).toBe(1);

    const userToken = await loginAs(t, user.email, user.password);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox-list',
      headers: clientHeaders(userToken),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('does not exist on a server without demo data', async () => {
    const production = await createTestApp({ config: { devOutbox: false } });
    try {
      const admin = await createUser(production, { role: 'ADMIN' });
      const token = await loginAs(production, admin.email, admin.password);
      const response = await production.app.inject({
        method: 'GET',
        url: '/api/v1/dev/outbox-list',
        headers: clientHeaders(token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No API call GET /api/v1/dev/outbox-list.');
    } finally {
      await production.close();
    }
  });
});
