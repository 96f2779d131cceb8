import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { insertEvent, insertOrganization } from '../../../test/event-fixtures.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

const IMG = '/media/22222222-2222-4222-8222-222222222222.jpg';
let t: TestApp;
let admin: string;
let organizer: string;
let categoryId: string;
let eventId: string;
let draftId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { role: 'ADMIN' });
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  admin = await loginAs(t, a.email, a.password);
  organizer = await loginAs(t, o.email, o.password);
  categoryId = (await call(t, c.createCategory, { token: admin, body: { name: 'Music' } })).body.result._id;
  const organization = await insertOrganization(t.db, o.id);
  eventId = (await insertEvent(t.db, { organizationId: organization.id, title: 'Summer Nights Live' })).event
    .id;
  draftId = (await insertEvent(t.db, { organizationId: organization.id, status: 'DRAFT', occurrences: 0 }))
    .event.id;
});
afterAll(() => t.close());

describe('banners', () => {
  it('creates banners in order, edits, changes status, reorders and deletes', async () => {
    const first = await call(t, c.createBanner, {
      token: admin,
      body: {
        title: 'Summer',
        image: IMG,
        linkType: 'CATEGORY',
        linkValue: categoryId,
        visibility: 'BOTH',
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      order: 0,
      linkLabel: 'Music',
      visibility: 'BOTH',
      status: 'ACTIVE',
    });
    const second = await call(t, c.createBanner, {
      token: admin,
      body: {
        title: 'Organizers wanted',
        image: IMG,
        linkType: 'URL',
        linkValue: 'https://example.com/join',
        visibility: 'BEFORE_LOGIN',
        activeFrom: '2026-12-01T00:00:00.000Z',
        activeTo: '2026-12-31T00:00:00.000Z',
      },
    });
    expect(second.body.result).toMatchObject({ order: 1, activeFrom: '2026-12-01T00:00:00.000Z' });

    const edited = await call(t, c.updateBanner, {
      token: admin,
      body: {
        bannerId: first.body.result._id,
        title: 'Summer nights',
        image: IMG,
        linkType: 'EVENT',
        linkValue: eventId,
        visibility: 'AFTER_LOGIN',
      },
    });
    expect(edited.body.result).toMatchObject({
      title: 'Summer nights',
      linkType: 'EVENT',
      linkLabel: 'Summer Nights Live',
      order: 0,
    });

    // Buyers must be able to open what a banner points at: no unknown ids, no drafts.
    for (const linkValue of ['33333333-3333-4333-8333-333333333333', draftId]) {
      const refused = await call(t, c.updateBanner, {
        token: admin,
        body: {
          bannerId: first.body.result._id,
          title: 'Summer nights',
          image: IMG,
          linkType: 'EVENT',
          linkValue,
        },
      });
      expect(refused.status).toBe(400);
      expect((refused.body as { errors?: unknown }).errors).toEqual([
        { field: 'linkValue', message: 'Choose a published event that is not blocked' },
      ]);
    }

    const status = await call(t, c.updateBannerStatus, {
      token: admin,
      body: {
        bannerId: second.body.result._id,
        status: 'INACTIVE',
      },
    });
    expect(status.body.result.status).toBe('INACTIVE');

    await call(t, c.reorderBanner, {
      token: admin,
      body: {
        bannerIds: [second.body.result._id, first.body.result._id],
      },
    });
    const list = await call(t, c.getBannerList, { token: admin });
    expect(list.body.result.items.map((b: { title: string }) => b.title)).toEqual([
      'Organizers wanted',
      'Summer nights',
    ]);
    const filtered = await call(t, c.getBannerList, { token: admin, query: { visibility: 'AFTER_LOGIN' } });
    expect(filtered.body.result.total).toBe(1);

    const detail = await call(t, c.getBannerDetail, {
      token: admin,
      query: { bannerId: first.body.result._id },
    });
    expect(detail.body.result.title).toBe('Summer nights');
    const del = await call(t, c.deleteBanner, { token: admin, body: { bannerId: first.body.result._id } });
    expect(del.body.message).toBe('Banner "Summer nights" deleted.');
    expect(
      (await call(t, c.getBannerDetail, { token: admin, query: { bannerId: first.body.result._id } })).status,
    ).toBe(404);
  });

  it('validates the link, the dates and the image', async () => {
    const base = { title: 'Bad', image: IMG, visibility: 'BOTH' as const };
    const url = await call(t, c.createBanner, {
      token: admin,
      body: {
        ...base,
        linkType: 'URL',
        linkValue: 'javascript:alert(1)',
      },
    });
    expect(url.status).toBe(400);
    expect(url.body.message).toBe('Enter a web address starting with http:// or https://');
    const cat = await call(t, c.createBanner, {
      token: admin,
      body: {
        ...base,
        linkType: 'CATEGORY',
        linkValue: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(cat.status).toBe(400);
    expect(cat.body.message).toBe('The chosen category does not exist.');
    const dates = await call(t, c.createBanner, {
      token: admin,
      body: {
        ...base,
        linkType: 'URL',
        linkValue: 'https://example.com',
        activeFrom: '2026-12-02T00:00:00Z',
        activeTo: '2026-12-01T00:00:00Z',
      },
    });
    expect(dates.status).toBe(400);
    expect(dates.error?.errors).toEqual([
      { field: 'activeTo', message: 'The end must come after the start' },
    ]);
    const noImage = await call(t, c.createBanner, {
      token: admin,
      body: invalid({ title: 'x1', linkType: 'URL', linkValue: 'https://a.b' }),
    });
    expect(noImage.status).toBe(400);
    expect(noImage.error?.errors?.map((e: { field: string }) => e.field)).toContain('image');
  });

  it('is for administrators only', async () => {
    expect((await call(t, c.getBannerList, { token: organizer })).status).toBe(403);
    expect(
      (
        await call(t, c.deleteBanner, {
          token: organizer,
          body: {
            bannerId: '00000000-0000-4000-8000-000000000000',
          },
        })
      ).status,
    ).toBe(403);
  });
});
