import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

const MINE = '/api/v1/admin/category/my-catalog-request-list';
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
let olivia: string;
let oscar: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
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
    const category = await call('POST', '/api/v1/admin/category/create-category', admin, { name: 'Music' });
    await call('POST', '/api/v1/admin/category/category-request', olivia, { name: 'Wellness' });
    const sub = await call('POST', '/api/v1/admin/subcategory/subcategory-request', olivia, {
      name: 'Yoga',
      categoryIds: [category.body.result._id],
    });
    const tag = await call('POST', '/api/v1/admin/tag/tag-request', olivia, { name: 'Rooftop' });
    await call('POST', '/api/v1/admin/tag/tag-request', oscar, { name: 'Oscar only' });

    const mine = await call('GET', MINE, olivia);
    expect(mine.status).toBe(200);
    expect(mine.body.result.total).toBe(3);
    expect(names(mine).sort()).toEqual(['Rooftop', 'Wellness', 'Yoga']);
    expect(names(await call('GET', MINE, oscar))).toEqual(['Oscar only']);
    expect(names(await call('GET', MINE, olivia, { kind: 'TAG' }))).toEqual(['Rooftop']);
    expect(mine.body.result.items.find((r: { name: string }) => r.name === 'Yoga').categoryIds).toEqual([
      category.body.result._id,
    ]);

    await call('PUT', '/api/v1/admin/tag/review-tag-request', admin, {
      requestId: tag.body.result._id,
      status: 'APPROVED',
    });
    await call('PUT', '/api/v1/admin/category/review-category-request', admin, {
      requestId: sub.body.result._id,
      status: 'REJECTED',
      reason: 'Use the Fitness subcategory',
    });
    const approved = await call('GET', MINE, olivia, { status: 'APPROVED' });
    expect(approved.body.result.items).toEqual([
      expect.objectContaining({ name: 'Rooftop', kind: 'TAG', status: 'APPROVED', rejectionReason: null }),
    ]);
    const rejected = await call('GET', MINE, olivia, { status: 'REJECTED' });
    expect(rejected.body.result.items).toEqual([
      expect.objectContaining({
        name: 'Yoga',
        status: 'REJECTED',
        rejectionReason: 'Use the Fitness subcategory',
      }),
    ]);
    expect(names(await call('GET', MINE, olivia, { status: 'PENDING', search: 'well' }))).toEqual([
      'Wellness',
    ]);
    const bad = await call('GET', MINE, olivia, { kind: 'EVENT' });
    expect(bad.status).toBe(400);
  });

  it('is for approved organizers only', async () => {
    const b = await createUser(t);
    const buyer = await loginAs(t, b.email, b.password);
    for (const token of [admin, buyer]) {
      const r = await call('GET', MINE, token);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Only approved organizers can send requests.');
    }
    expect((await call('GET', MINE, undefined)).status).toBe(401);
  });
});
