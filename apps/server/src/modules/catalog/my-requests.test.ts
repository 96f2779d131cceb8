import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let olivia: string;
let oscar: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { role: 'ADMIN' });
  const o1 = await createUser(t, { organizerRequest: 'APPROVED' });
  const o2 = await createUser(t, { organizerRequest: 'APPROVED' });
  admin = await loginAs(t, a.email, a.password);
  olivia = await loginAs(t, o1.email, o1.password);
  oscar = await loginAs(t, o2.email, o2.password);
});
afterAll(() => t.close());

const names = (r: { body: { result: { items: { name: string }[] } } }) =>
  r.body.result.items.map((x) => x.name);

describe("an organizer's own catalog requests", () => {
  it('lists only my requests of every kind with their status and rejection reason', async () => {
    const category = await call(t, c.createCategory, { token: admin, body: { name: 'Music' } });
    await call(t, c.categoryRequest, { token: olivia, body: { name: 'Wellness' } });
    const sub = await call(t, c.subcategoryRequest, {
      token: olivia,
      body: {
        name: 'Yoga',
        categoryIds: [category.body.result._id],
      },
    });
    const tag = await call(t, c.tagRequest, { token: olivia, body: { name: 'Rooftop' } });
    await call(t, c.tagRequest, { token: oscar, body: { name: 'Oscar only' } });

    const mine = await call(t, c.getMyCatalogRequestList, { token: olivia });
    expect(mine.status).toBe(200);
    expect(mine.body.result.total).toBe(3);
    expect(names(mine).sort()).toEqual(['Rooftop', 'Wellness', 'Yoga']);
    expect(names(await call(t, c.getMyCatalogRequestList, { token: oscar }))).toEqual(['Oscar only']);
    expect(
      names(await call(t, c.getMyCatalogRequestList, { token: olivia, query: { kind: 'TAG' } })),
    ).toEqual(['Rooftop']);
    expect(mine.body.result.items.find((r: { name: string }) => r.name === 'Yoga')?.categoryIds).toEqual([
      category.body.result._id,
    ]);

    await call(t, c.reviewTagRequest, {
      token: admin,
      body: {
        requestId: tag.body.result._id,
        status: 'APPROVED',
      },
    });
    await call(t, c.reviewCategoryRequest, {
      token: admin,
      body: {
        requestId: sub.body.result._id,
        status: 'REJECTED',
        reason: 'Use the Fitness subcategory',
      },
    });
    const approved = await call(t, c.getMyCatalogRequestList, {
      token: olivia,
      query: { status: 'APPROVED' },
    });
    expect(approved.body.result.items).toEqual([
      expect.objectContaining({ name: 'Rooftop', kind: 'TAG', status: 'APPROVED', rejectionReason: null }),
    ]);
    const rejected = await call(t, c.getMyCatalogRequestList, {
      token: olivia,
      query: { status: 'REJECTED' },
    });
    expect(rejected.body.result.items).toEqual([
      expect.objectContaining({
        name: 'Yoga',
        status: 'REJECTED',
        rejectionReason: 'Use the Fitness subcategory',
      }),
    ]);
    expect(
      names(
        await call(t, c.getMyCatalogRequestList, {
          token: olivia,
          query: { status: 'PENDING', search: 'well' },
        }),
      ),
    ).toEqual(['Wellness']);
    const bad = await call(t, c.getMyCatalogRequestList, {
      token: olivia,
      query: { kind: invalid('EVENT') },
    });
    expect(bad.status).toBe(400);
  });

  it('is for approved organizers only', async () => {
    const b = await createUser(t);
    const buyer = await loginAs(t, b.email, b.password);
    for (const token of [admin, buyer]) {
      const r = await call(t, c.getMyCatalogRequestList, { token });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Only approved organizers can send requests.');
    }
    expect((await call(t, c.getMyCatalogRequestList)).status).toBe(401);
  });
});
