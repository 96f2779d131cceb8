import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

const T = '/api/v1/admin/tag';
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
let organizer: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const a = await createUser(t, { role: 'ADMIN' });
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  admin = await loginAs(t, a.email, a.password);
  organizer = await loginAs(t, o.email, o.password);
});
afterAll(() => t.close());

describe('tags', () => {
  it('creates, renames and deletes tags in bulk; names unique ignoring case', async () => {
    const ids: string[] = [];
    for (const name of ['Outdoor', 'Indoor', 'Live music']) {
      const r = await call('POST', `${T}/create-tag`, admin, { name });
      expect(r.status).toBe(200);
      ids.push(r.body.result._id);
    }
    const dup = await call('POST', `${T}/create-tag`, admin, { name: 'LIVE MUSIC' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A tag named "Live music" already exists.');
    const renamed = await call('PUT', `${T}/update-tag`, admin, {
      tagId: ids[1],
      name: 'Indoors',
      status: 'INACTIVE',
    });
    expect(renamed.body.result).toMatchObject({ name: 'Indoors', status: 'INACTIVE' });
    const clash = await call('PUT', `${T}/update-tag`, admin, { tagId: ids[1], name: 'outdoor' });
    expect(clash.status).toBe(409);

    const organizerList = await call('GET', `${T}/organizer-panel-tag-list`, organizer, { search: 'door' });
    expect(organizerList.body.result.items.map((x: { name: string }) => x.name)).toEqual(['Outdoor']);
    const adminList = await call('GET', `${T}/tag-list-with-pagination`, admin, { search: 'door' });
    expect(adminList.body.result.total).toBe(2);

    const nothing = await call('DELETE', `${T}/delete-tag`, admin, { tagIds: [] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Choose the tags to delete');
    const deleted = await call('DELETE', `${T}/delete-tag`, admin, { tagIds: [ids[0], ids[1]] });
    expect(deleted.body).toMatchObject({ message: '2 tags deleted.', result: { deleted: 2 } });
    const gone = await call('DELETE', `${T}/delete-tag`, admin, { tagIds: [ids[0]] });
    expect(gone.status).toBe(404);
  });

  it('organizers request tags; administrators approve or reject', async () => {
    const asked = await call('POST', `${T}/tag-request`, organizer, { name: 'Sunset' });
    expect(asked.body.result.status).toBe('PENDING');
    const other = await call('POST', `${T}/tag-request`, organizer, { name: 'Spam' });
    const list = await call('GET', `${T}/get-tag-request-list`, admin, { status: 'PENDING' });
    expect(list.body.result.total).toBe(2);
    // A tag request cannot be reviewed through the category call.
    const wrongDoor = await call('PUT', '/api/v1/admin/category/review-category-request', admin, {
      requestId: asked.body.result._id,
      status: 'APPROVED',
    });
    expect(wrongDoor.status).toBe(404);
    const ok = await call('PUT', `${T}/review-tag-request`, admin, {
      requestId: asked.body.result._id,
      status: 'APPROVED',
    });
    expect(ok.body.result.status).toBe('APPROVED');
    const tags = await call('GET', `${T}/organizer-panel-tag-list`, organizer, { search: 'sunset' });
    expect(tags.body.result.items.map((x: { name: string }) => x.name)).toEqual(['Sunset']);
    const no = await call('PUT', `${T}/review-tag-request`, admin, {
      requestId: other.body.result._id,
      status: 'REJECTED',
      reason: 'Not a real tag',
    });
    expect(no.body.result.rejectionReason).toBe('Not a real tag');
  });

  it('refuses organizers on admin tag calls with 403', async () => {
    for (const [method, url, data] of [
      ['GET', `${T}/tag-list-with-pagination`, {}],
      ['POST', `${T}/create-tag`, { name: 'Nope' }],
      ['PUT', `${T}/update-tag`, { tagId: '00000000-0000-4000-8000-000000000000', name: 'Nope' }],
      ['DELETE', `${T}/delete-tag`, { tagIds: ['00000000-0000-4000-8000-000000000000'] }],
      ['GET', `${T}/get-tag-request-list`, {}],
      [
        'PUT',
        `${T}/review-tag-request`,
        { requestId: '00000000-0000-4000-8000-000000000000', status: 'APPROVED' },
      ],
    ] as const) {
      expect((await call(method, url, organizer, data)).status, url).toBe(403);
    }
    // Administrators create tags directly rather than asking.
    expect((await call('POST', `${T}/tag-request`, admin, { name: 'Mine' })).status).toBe(403);
  });
});
