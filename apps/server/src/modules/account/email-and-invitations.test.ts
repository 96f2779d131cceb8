import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  deliverMessages,
  loginAs,
  type TestApp,
} from '../../../test/helpers.js';
import { multipartFile } from '../../../test/multipart.js';
import {
  organizationMembers,
  organizerRequestDetails,
  outboxMessages,
  users,
} from '../../db/schema/index.js';

const F = '/api/v1/favorite-user';
const U = '/api/v1/user';
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://console.example.test' } });
  call = caller(t);
});
afterAll(() => t.close());

async function lastMessageTo(email: string) {
  await deliverMessages(t);
  const [message] = await t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

async function linkTo(email: string, path: string): Promise<string> {
  const message = await lastMessageTo(email);
  const token = message?.text.match(new RegExp(`/${path}/([\\w-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link was sent to ${email}`);
  return token;
}

const profileOf = async (token: string) => (await call('GET', `${U}/get-user-detail`, token)).body.result;

describe('changing the email address', () => {
  it('needs the current password, mails a link to the new address and changes only when it is used', async () => {
    const user = await createUser(t, { firstName: 'Mia' });
    const session = await loginAs(t, user.email, user.password);
    const base = { firstName: 'Mia', lastName: 'User', username: user.username };
    const newEmail = `new-${user.username}@example.test`;

    const without = await call('PUT', `${U}/update-profile`, session, { ...base, email: newEmail });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([{ field: 'currentPassword', message: expect.any(String) }]);
    const wrong = await call('PUT', `${U}/update-profile`, session, {
      ...base,
      email: newEmail,
      currentPassword: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct.' },
    ]);

    const asked = await call('PUT', `${U}/update-profile`, session, {
      ...base,
      lastName: 'Changed',
      email: newEmail,
      currentPassword: user.password,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.result).toEqual({ pendingEmail: newEmail });
    expect(asked.body.message).toContain(`We sent a confirmation link to ${newEmail}`);
    // Other fields change at once; the email waits for its link.
    const pending = await profileOf(session);
    expect(pending).toMatchObject({ email: user.email, lastName: 'Changed', pendingEmail: newEmail });

    const token = await linkTo(newEmail, 'confirm-email');
    expect((await lastMessageTo(newEmail))?.subject).toMatch(/Confirm your new/);
    const confirmed = await call('POST', `${U}/confirm-email-change`, undefined, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toEqual({ email: newEmail });
    expect(await profileOf(session)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await lastMessageTo(user.email))?.text).toContain(`is now ${newEmail}`);

    const again = await call('POST', `${U}/confirm-email-change`, undefined, { token });
    expect(again.status).toBe(400);
  });

  it('keeps other fields of update-profile working without a password when the email stays', async () => {
    const user = await createUser(t);
    const session = await loginAs(t, user.email, user.password);
    const saved = await call('PUT', `${U}/update-profile`, session, {
      firstName: 'Same',
      lastName: 'Mail',
      username: user.username,
      email: user.email.toUpperCase(),
      avatar: '/media/33333333-3333-4333-8333-333333333333.png',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({ pendingEmail: null });
    expect(await profileOf(session)).toMatchObject({
      firstName: 'Same',
      avatar: '/media/33333333-3333-4333-8333-333333333333.png',
    });
  });
});

describe('invitations are bound to the address that received them', () => {
  async function organizerWithOrganization() {
    const o = await createUser(t, { organizerRequest: 'APPROVED' });
    const session = await loginAs(t, o.email, o.password);
    const org = await call('POST', '/api/v1/organization/create-organization', session, {
      name: `Hall ${o.username}`,
    });
    return { session, orgId: org.body.result._id as string };
  }

  it('links an account only when the invitation is accepted, not when the member is added', async () => {
    const { session, orgId } = await organizerWithOrganization();
    const existing = await createUser(t);
    const added = await call('POST', `${F}/add-favorite-user`, session, {
      organizationId: orgId,
      email: existing.email,
    });
    expect(added.status).toBe(200);
    expect(added.body.result.userId).toBeNull();
    const token = await linkTo(existing.email, 'reset-link');
    const accepted = await call('POST', `${U}/accept-invitation`, undefined, { token });
    expect(accepted.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.id, added.body.result._id));
    expect(row).toMatchObject({ userId: existing.id, status: 'ACTIVE' });
  });

  it('refuses a signed-in account whose email is not the invited address', async () => {
    const { session, orgId } = await organizerWithOrganization();
    const invited = await createUser(t);
    const intruder = await createUser(t);
    const intruderSession = await loginAs(t, intruder.email, intruder.password);
    await call('POST', `${F}/add-favorite-user`, session, { organizationId: orgId, email: invited.email });
    const token = await linkTo(invited.email, 'reset-link');
    const refused = await call('POST', `${U}/accept-invitation`, intruderSession, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(invited.email);
    // The link still works for its owner.
    const ownerSession = await loginAs(t, invited.email, invited.password);
    expect((await call('POST', `${U}/accept-invitation`, ownerSession, { token })).status).toBe(200);
  });

  it('refuses the invitation once the account no longer owns the invited address', async () => {
    const { session, orgId } = await organizerWithOrganization();
    const invited = await createUser(t);
    await call('POST', `${F}/add-favorite-user`, session, { organizationId: orgId, email: invited.email });
    const token = await linkTo(invited.email, 'reset-link');
    // The account moved to another address (a confirmed change) before the link was used.
    await t.db
      .update(users)
      .set({ email: `moved-${invited.email}` })
      .where(eq(users.id, invited.id));
    const refused = await call('POST', `${U}/accept-invitation`, undefined, { token });
    expect(refused.status).toBe(400);
    const members = await t.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.status, 'ACTIVE')));
    expect(members).toHaveLength(0);
  });
});

describe('organizer request from the no-access screen', () => {
  it('moves NONE to PENDING with the details, mails the administrators, and refuses a second request', async () => {
    const adminUser = await createUser(t, { role: 'ADMIN' });
    const buyer = await createUser(t, { firstName: 'Bea', lastName: 'Buyer' });
    const session = await loginAs(t, buyer.email, buyer.password);
    const body = {
      organizationName: 'Bea Yoga',
      description: 'Weekly yoga classes in the park for beginners.',
      website: 'https://bea-yoga.test',
      countryCode: '+1',
      phone: '555 010 7777',
    };
    const sent = await call('POST', `${U}/organizer-request`, session, body);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toEqual({ organizerRequest: 'PENDING' });
    expect((await profileOf(session)).organizerRequest).toBe('PENDING');
    const [details] = await t.db
      .select()
      .from(organizerRequestDetails)
      .where(eq(organizerRequestDetails.userId, buyer.id));
    expect(details).toMatchObject({ organizationName: 'Bea Yoga', phone: '+15550107777' });
    const mail = await lastMessageTo(adminUser.email);
    expect(mail?.subject).toBe('Organizer request: Bea Yoga');
    expect(mail?.text).toContain(buyer.email);

    const twice = await call('POST', `${U}/organizer-request`, session, body);
    expect(twice.status).toBe(409);
  });

  it('accepts a new request after a rejection, refuses an approved organizer', async () => {
    const rejected = await createUser(t, { organizerRequest: 'REJECTED' });
    const approved = await createUser(t, { organizerRequest: 'APPROVED' });
    const body = {
      organizationName: 'Second Try',
      description: 'Cooking classes for families on weekends.',
      countryCode: '+44',
      phone: '7700900123',
    };
    const again = await call(
      'POST',
      `${U}/organizer-request`,
      await loginAs(t, rejected.email, rejected.password),
      body,
    );
    expect(again.status).toBe(200);
    const refused = await call(
      'POST',
      `${U}/organizer-request`,
      await loginAs(t, approved.email, approved.password),
      body,
    );
    expect(refused.status).toBe(409);
    const invalid = await call(
      'POST',
      `${U}/organizer-request`,
      await loginAs(t, rejected.email, rejected.password),
      {
        ...body,
        description: 'short',
      },
    );
    expect(invalid.status).toBe(400);
  });
});

describe('supporting documents', () => {
  const upload = async (token: string, bytes: Buffer, filename: string, contentType: string) => {
    const { payload, headers } = multipartFile(bytes, { filename, contentType });
    const response = await t.app.inject({
      method: 'POST',
      url: `${U}/upload-document`,
      headers: { ...clientHeaders(token), ...headers },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('stores a PDF or an image for the non-profit request, serves the PDF sandboxed, refuses other files', async () => {
    const user = await createUser(t);
    const session = await loginAs(t, user.email, user.password);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const stored = await upload(session, pdf, 'certificate.pdf', 'application/pdf');
    expect(stored.status).toBe(200);
    expect(stored.body.result).toMatchObject({ mimeType: 'application/pdf', fileName: 'certificate.pdf' });
    const served = await t.app.inject({ method: 'GET', url: stored.body.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = await upload(session, png, 'scan.png', 'image/png');
    expect(image.body.result).toMatchObject({ mimeType: 'image/png', fileName: 'scan.png' });

    const html = await upload(
      session,
      Buffer.from('<html><script>x</script></html>'),
      'a.pdf',
      'application/pdf',
    );
    expect(html.status).toBe(400);
    expect(html.body.errors[0].field).toBe('file');

    const request = await call('POST', `${U}/update-non-profit-excemtion-detail`, session, {
      legalName: 'Helping Hands',
      registrationNumber: 'NP-1',
      documentUrl: stored.body.result.url,
    });
    expect(request.status).toBe(200);
    expect(request.body.result.documentUrl).toBe(stored.body.result.url);
  });
});
