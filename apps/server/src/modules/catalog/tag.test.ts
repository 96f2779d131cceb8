import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let organizer: string;

beforeAll(async () => {
  t = await createTestApp();
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
      const r = await call(t, c.createTag, { token: admin, body: { name } });
      expect(r.status).toBe(200);
      ids.push(r.body.result._id);
    }
    const dup = await call(t, c.createTag, { token: admin, body: { name: 'LIVE MUSIC' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A tag named "Live music" already exists.');
    const renamed = await call(t, c.updateTag, {
      token: admin,
      body: {
        tagId: ids[1] ?? '',
        name: 'Indoors',
        status: 'INACTIVE',
      },
    });
    expect(renamed.body.result).toMatchObject({ name: 'Indoors', status: 'INACTIVE' });
    const clash = await call(t, c.updateTag, {
      token: admin,
      body: { tagId: ids[1] ?? '', name: 'outdoor' },
    });
    expect(clash.status).toBe(409);

    const organizerList = await call(t, c.organizerPanelTagList, {
      token: organizer,
      query: { search: 'door' },
    });
    expect(organizerList.body.result.items.map((x: { name: string }) => x.name)).toEqual(['Outdoor']);
    const adminList = await call(t, c.tagListWithPagination, { token: admin, query: { search: 'door' } });
    expect(adminList.body.result.total).toBe(2);

    const nothing = await call(t, c.deleteTag, { token: admin, body: { tagIds: [] } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Choose the tags to delete');
    const deleted = await call(t, c.deleteTag, {
      token: admin,
      body: { tagIds: [ids[0] ?? '', ids[1] ?? ''] },
    });
    expect(deleted.body).toMatchObject({ message: '2 tags deleted.', result: { deleted: 2 } });
    const gone = await call(t, c.deleteTag, { token: admin, body: { tagIds: [ids[0] ?? ''] } });
    expect(gone.status).toBe(404);
  });

  it('organizers request tags; administrators approve or reject', async () => {
    const asked = await call(t, c.tagRequest, { token: organizer, body: { name: 'Sunset' } });
    expect(asked.body.result.status).toBe('PENDING');
    const other = await call(t, c.tagRequest, { token: organizer, body: { name: 'Spam' } });
    const list = await call(t, c.getTagRequestList, { token: admin, query: { status: 'PENDING' } });
    expect(list.body.result.total).toBe(2);
    // A tag request cannot be reviewed through the category call.
    const wrongDoor = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: asked.body.result._id,
        status: 'APPROVED',
      },
    });
    expect(wrongDoor.status).toBe(404);
    const ok = await call(t, c.reviewTagRequest, {
      token: admin,
      body: {
        requestId: asked.body.result._id,
        status: 'APPROVED',
      },
    });
    expect(ok.body.result.status).toBe('APPROVED');
    const tags = await call(t, c.organizerPanelTagList, { token: organizer, query: { search: 'sunset' } });
    expect(tags.body.result.items.map((x: { name: string }) => x.name)).toEqual(['Sunset']);
    const no = await call(t, c.reviewTagRequest, {
      token: admin,
      body: {
        requestId: other.body.result._id,
        status: 'REJECTED',
        reason: 'Not a real tag',
      },
    });
    expect(no.body.result.rejectionReason).toBe('Not a real tag');
  });

  it('refuses organizers on admin tag calls with 403', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    for (const send of [
      () => call(t, c.tagListWithPagination, { token: organizer }),
      () => call(t, c.createTag, { token: organizer, body: { name: 'Nope' } }),
      () => call(t, c.updateTag, { token: organizer, body: { tagId: none, name: 'Nope' } }),
      () => call(t, c.deleteTag, { token: organizer, body: { tagIds: [none] } }),
      () => call(t, c.getTagRequestList, { token: organizer }),
      () => call(t, c.reviewTagRequest, { token: organizer, body: { requestId: none, status: 'APPROVED' } }),
    ]) {
      expect((await send()).status).toBe(403);
    }
    // Administrators create tags directly rather than asking.
    expect((await call(t, c.tagRequest, { token: admin, body: { name: 'Mine' } })).status).toBe(403);
  });
});
