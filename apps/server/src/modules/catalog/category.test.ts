import * as c from '@marquee/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { insertEvent, insertOrganization } from '../../../test/event-fixtures.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { events as eventsTable } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let organizer: string;
let buyer: string;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { role: 'ADMIN' });
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  organizationId = (await insertOrganization(t.db, o.id)).id;
  const b = await createUser(t, { organizerRequest: 'PENDING' });
  admin = await loginAs(t, a.email, a.password);
  organizer = await loginAs(t, o.email, o.password);
  buyer = await loginAs(t, b.email, b.password);
});
afterAll(() => t.close());

async function newCategory(name: string, extra: Record<string, unknown> = {}) {
  const r = await call(t, c.createCategory, { token: admin, body: { name, ...extra } });
  expect(r.status).toBe(200);
  return r.body.result;
}

describe('categories', () => {
  it('creates, reads and edits a category; names are unique ignoring case (409 naming it)', async () => {
    const music = await newCategory('  Music  ', { order: 2 });
    expect(music).toMatchObject({ name: 'Music', status: 'ACTIVE', isPopular: false, order: 2, image: null });
    const dup = await call(t, c.createCategory, { token: admin, body: { name: 'MUSIC' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A category named "Music" already exists.');

    const detail = await call(t, c.getCategoryDetail, { token: admin, query: { categoryId: music._id } });
    expect(detail.body.result.name).toBe('Music');

    const sports = await newCategory('Sports');
    const clash = await call(t, c.updateCategory, {
      token: admin,
      body: { categoryId: sports._id, name: 'music' },
    });
    expect(clash.status).toBe(409);
    const renamed = await call(t, c.updateCategory, {
      token: admin,
      body: {
        categoryId: sports._id,
        name: 'Sport',
        image: '/media/11111111-1111-4111-8111-111111111111.png',
        order: 5,
      },
    });
    expect(renamed.body.result).toMatchObject({
      name: 'Sport',
      order: 5,
      thumbnail: '/media/11111111-1111-4111-8111-111111111111-thumb.webp',
    });
    // The same name in another case is the category itself: allowed.
    const recased = await call(t, c.updateCategory, {
      token: admin,
      body: {
        categoryId: sports._id,
        name: 'SPORT',
      },
    });
    expect(recased.status).toBe(200);
  });

  it('explains bad input field by field', async () => {
    const r = await call(t, c.createCategory, {
      token: admin,
      body: {
        name: 'x',
        image: 'http://evil/x.png',
        order: -1,
      },
    });
    expect(r.status).toBe(400);
    const fields = r.error?.errors?.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['image', 'name', 'order']);
    expect(r.error?.errors?.find((e: { field: string }) => e.field === 'name')?.message).toBe(
      'The category name needs at least 2 characters',
    );
    const unknown = await call(t, c.getCategoryDetail, {
      token: admin,
      query: {
        categoryId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknown.status).toBe(404);
    const badSort = await call(t, c.categoryListWithPagination, {
      token: admin,
      query: { sort: 'password' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain('Sort by name, order, createdAt, status');
  });

  it('paginates, searches, filters and sorts the admin list', async () => {
    for (const name of ['Alpha fest', 'Beta fest', 'Gamma fest']) await newCategory(name);
    const page = await call(t, c.categoryListWithPagination, {
      token: admin,
      query: {
        search: 'fest',
        limit: 2,
        page: 1,
        sort: '-name',
      },
    });
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.items.map((c: { name: string }) => c.name)).toEqual(['Gamma fest', 'Beta fest']);
    const second = await call(t, c.categoryListWithPagination, {
      token: admin,
      query: {
        search: 'fest',
        limit: 2,
        page: 2,
        sort: '-name',
      },
    });
    expect(second.body.result.items.map((c: { name: string }) => c.name)).toEqual(['Alpha fest']);
    // % and _ are literal
    const literal = await call(t, c.categoryListWithPagination, { token: admin, query: { search: '%' } });
    expect(literal.body.result.total).toBe(0);
  });

  it('activates, deactivates and marks popular; the active and popular lists follow', async () => {
    const film = await newCategory('Film');
    const pop = await call(t, c.markAsPopularCategory, {
      token: admin,
      body: {
        categoryId: film._id,
        isPopular: true,
      },
    });
    expect(pop.body).toMatchObject({
      message: 'Category "Film" marked as popular.',
      result: { isPopular: true },
    });
    let popular = await call(t, c.getPopularCategoryList, { token: organizer });
    expect(popular.body.result.map((c: { name: string }) => c.name)).toContain('Film');

    const off = await call(t, c.updateStatusCategory, {
      token: admin,
      body: {
        categoryId: film._id,
        status: 'INACTIVE',
      },
    });
    expect(off.body.result.status).toBe('INACTIVE');
    const active = await call(t, c.getCategoryList, { token: organizer });
    expect(active.body.result.map((c: { name: string }) => c.name)).not.toContain('Film');
    popular = await call(t, c.getPopularCategoryList, { token: organizer });
    expect(popular.body.result.map((c: { name: string }) => c.name)).not.toContain('Film');
    const inactive = await call(t, c.categoryListWithPagination, {
      token: admin,
      query: { status: 'INACTIVE' },
    });
    expect(inactive.body.result.items.map((c: { name: string }) => c.name)).toEqual(['Film']);

    const unpop = await call(t, c.markAsPopularCategory, {
      token: admin,
      body: {
        categoryId: film._id,
        isPopular: false,
      },
    });
    expect(unpop.body.message).toBe('Category "Film" is no longer popular.');
  });

  it('refuses organizers and plain users on admin calls (403), and plain users on the active lists', async () => {
    const id = (await newCategory('Guarded'))._id;
    const adminCalls = [
      () => call(t, c.categoryListWithPagination, { token: organizer }),
      () => call(t, c.getCategoryDetail, { token: organizer, query: { categoryId: id } }),
      () => call(t, c.createCategory, { token: organizer, body: { name: 'Sneaky' } }),
      () => call(t, c.updateCategory, { token: organizer, body: { categoryId: id, name: 'Sneaky' } }),
      () =>
        call(t, c.updateStatusCategory, { token: organizer, body: { categoryId: id, status: 'INACTIVE' } }),
      () => call(t, c.markAsPopularCategory, { token: organizer, body: { categoryId: id, isPopular: true } }),
      () => call(t, c.getCategoryRequestList, { token: organizer }),
      () => call(t, c.subcategoryListWithPagination, { token: organizer }),
      () => call(t, c.associateCategoryList, { token: organizer }),
      () => call(t, c.createSubcategory, { token: organizer, body: { name: 'Sneaky', categoryIds: [id] } }),
    ];
    for (const send of adminCalls) {
      const r = await send();
      expect(r.status).toBe(403);
      expect(r.error?.message).toBe('Only administrators can do this.');
    }
    expect((await call(t, c.getCategoryList, { token: buyer })).status).toBe(403);
    expect((await call(t, c.getCategoryList)).status).toBe(401);
    expect((await call(t, c.categoryRequest, { token: buyer, body: { name: 'Things' } })).status).toBe(403);
  });
});

describe('subcategories', () => {
  it('belongs to one or more categories; unique names; lists filter by category', async () => {
    const a = await newCategory('Outdoors');
    const b = await newCategory('Wellbeing');
    // Made here, not borrowed from another test, so the order the tests run in does not matter.
    await newCategory('Unlinked');
    const none = await call(t, c.createSubcategory, {
      token: admin,
      body: { name: 'Hiking', categoryIds: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one category');
    const created = await call(t, c.createSubcategory, {
      token: admin,
      body: {
        name: 'Hiking',
        categoryIds: [a._id, b._id],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.result.categories.map((c: { name: string }) => c.name)).toEqual([
      'Outdoors',
      'Wellbeing',
    ]);
    const dup = await call(t, c.createSubcategory, {
      token: admin,
      body: {
        name: 'hiking',
        categoryIds: [a._id],
      },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A subcategory named "Hiking" already exists.');
    const ghost = await call(t, c.createSubcategory, {
      token: admin,
      body: {
        name: 'Ghost',
        categoryIds: ['00000000-0000-4000-8000-000000000000'],
      },
    });
    expect(ghost.status).toBe(400);

    const assoc = await call(t, c.associateCategoryList, {
      token: admin,
      query: {
        subcategoryId: created.body.result._id,
      },
    });
    const flags = Object.fromEntries(
      assoc.body.result.map((k: { name: string; associated: boolean }) => [k.name, k.associated]),
    );
    expect(flags).toMatchObject({ Outdoors: true, Wellbeing: true, Unlinked: false });

    const moved = await call(t, c.updateSubcategory, {
      token: admin,
      body: {
        subcategoryId: created.body.result._id,
        name: 'Hiking',
        categoryIds: [b._id],
      },
    });
    expect(moved.body.result.categories.map((c: { name: string }) => c.name)).toEqual(['Wellbeing']);
    const ofA = await call(t, c.getSubcategoryList, { token: organizer, query: { categoryId: a._id } });
    expect(ofA.body.result).toEqual([]);
    const ofB = await call(t, c.getSubcategoryList, { token: organizer, query: { categoryId: b._id } });
    expect(ofB.body.result.map((s: { name: string }) => s.name)).toEqual(['Hiking']);
    const paged = await call(t, c.subcategoryListWithPagination, {
      token: admin,
      query: { categoryId: b._id },
    });
    expect(paged.body.result.total).toBe(1);
    const detail = await call(t, c.getSubcategoryDetail, {
      token: admin,
      query: {
        subcategoryId: created.body.result._id,
      },
    });
    expect(detail.body.result.name).toBe('Hiking');
  });

  it('status, popular, popular list', async () => {
    const cat = await newCategory('Nightlife');
    const sub = (
      await call(t, c.createSubcategory, { token: admin, body: { name: 'Clubs', categoryIds: [cat._id] } })
    ).body.result;
    const pop = await call(t, c.markAsPopularSubcategory, {
      token: admin,
      body: {
        subcategoryId: sub._id,
        isPopular: true,
      },
    });
    expect(pop.body.result.isPopular).toBe(true);
    expect(
      (await call(t, c.getPopularSubcategoryList, { token: organizer })).body.result.map(
        (s: { name: string }) => s.name,
      ),
    ).toContain('Clubs');
    const off = await call(t, c.updateStatusSubcategory, {
      token: admin,
      body: {
        subcategoryId: sub._id,
        status: 'INACTIVE',
      },
    });
    expect(off.body.result.status).toBe('INACTIVE');
    expect(
      (await call(t, c.getPopularSubcategoryList, { token: organizer })).body.result.map(
        (s: { name: string }) => s.name,
      ),
    ).not.toContain('Clubs');
  });

  it('deletes a subcategory, but not while events use it, drafts and cancelled ones too (409 with a clear message)', async () => {
    const cat = await newCategory('Markets');
    const sub = (
      await call(t, c.createSubcategory, {
        token: admin,
        body: { name: 'Flea markets', categoryIds: [cat._id] },
      })
    ).body.result;
    const using = (status: 'PUBLISHED' | 'DRAFT' | 'CANCELLED') =>
      insertEvent(t.db, {
        organizationId,
        status,
        values: { categoryId: cat._id, subcategoryId: sub._id },
      });
    const events = [await using('PUBLISHED'), await using('DRAFT'), await using('CANCELLED')];
    // An event of the same category without this subcategory does not count.
    await insertEvent(t.db, { organizationId, values: { categoryId: cat._id } });
    const refused = await call(t, c.deleteSubcategory, { token: admin, body: { subcategoryId: sub._id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^"Flea markets" is used by 3 events and cannot be deleted/);
    expect(
      (await call(t, c.deleteSubcategory, { token: organizer, body: { subcategoryId: sub._id } })).status,
    ).toBe(403);
    await t.db.delete(eventsTable).where(
      inArray(
        eventsTable.id,
        events.slice(1).map((e) => e.event.id),
      ),
    );
    const one = await call(t, c.deleteSubcategory, { token: admin, body: { subcategoryId: sub._id } });
    expect(one.body.message).toMatch(/^"Flea markets" is used by 1 event and cannot be deleted/);
    await t.db
      .update(eventsTable)
      .set({ subcategoryId: null })
      .where(eq(eventsTable.id, events[0]?.event.id ?? ''));
    const ok = await call(t, c.deleteSubcategory, { token: admin, body: { subcategoryId: sub._id } });
    expect(ok.body.message).toBe('Subcategory "Flea markets" deleted.');
    const again = await call(t, c.deleteSubcategory, { token: admin, body: { subcategoryId: sub._id } });
    expect(again.status).toBe(404);
  });
});

describe('category and subcategory requests', () => {
  it('an organizer asks; an administrator approves (creating it) or rejects with a reason', async () => {
    const cat = await newCategory('Crafts');
    const asked = await call(t, c.categoryRequest, {
      token: organizer,
      body: {
        name: 'Gaming',
        note: 'Esports nights',
      },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.result).toMatchObject({ kind: 'CATEGORY', name: 'Gaming', status: 'PENDING' });
    const twice = await call(t, c.categoryRequest, { token: organizer, body: { name: 'gaming' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('A request for the category "gaming" is already waiting for review.');
    const exists = await call(t, c.categoryRequest, { token: organizer, body: { name: 'crafts' } });
    expect(exists.status).toBe(409);
    expect(exists.body.message).toContain('A category named "Crafts" already exists');

    const subAsk = await call(t, c.subcategoryRequest, {
      token: organizer,
      body: {
        name: 'Pottery',
        categoryIds: [cat._id],
      },
    });
    expect(subAsk.status).toBe(200);

    const list = await call(t, c.getCategoryRequestList, { token: admin, query: { status: 'PENDING' } });
    expect(list.body.result.items.map((r: { name: string }) => r.name).sort()).toEqual(['Gaming', 'Pottery']);

    const noReason = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: asked.body.result._id,
        status: 'REJECTED',
      },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Give a reason for rejecting the request');

    const approved = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: asked.body.result._id,
        status: 'APPROVED',
      },
    });
    expect(approved.body.message).toBe('Request approved: the category "Gaming" now exists.');
    const created = await call(t, c.getCategoryDetail, {
      token: admin,
      query: {
        categoryId: approved.body.result.createdItemId ?? '',
      },
    });
    expect(created.body.result.name).toBe('Gaming');
    const replay = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: asked.body.result._id,
        status: 'REJECTED',
        reason: 'x',
      },
    });
    expect(replay.status).toBe(409);

    const subApproved = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: subAsk.body.result._id,
        status: 'APPROVED',
      },
    });
    const sub = await call(t, c.getSubcategoryDetail, {
      token: admin,
      query: {
        subcategoryId: subApproved.body.result.createdItemId ?? '',
      },
    });
    expect(sub.body.result.categories.map((c: { name: string }) => c.name)).toEqual(['Crafts']);

    const lonely = await call(t, c.subcategoryRequest, { token: organizer, body: { name: 'Origami' } });
    const needsCats = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: lonely.body.result._id,
        status: 'APPROVED',
      },
    });
    expect(needsCats.status).toBe(400);
    const rejected = await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: lonely.body.result._id,
        status: 'REJECTED',
        reason: 'Please use Crafts',
      },
    });
    expect(rejected.body.result).toMatchObject({ status: 'REJECTED', rejectionReason: 'Please use Crafts' });
  });
});
