import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrentQueryError } from '../src/db/one-query-at-a-time.js';
import { auditLog, categories, tags } from '../src/db/schema/index.js';
import { seedContent } from '../src/db/seed-content.js';
import { caller } from './calls.js';
import { inParallel, listenOnLoopback } from './concurrency.js';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from './helpers.js';

const IMG = '/media/11111111-1111-4111-8111-111111111111.jpg';

let t: TestApp;
let call: ReturnType<typeof caller>;
let base: string;
let admin: string;
let adminId: string;
let organizer: string;

async function auditOf(entityType: string, entityId?: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(auditLog.createdAt);
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  base = await listenOnLoopback(t);
  const a = await createUser(t, { role: 'ADMIN' });
  adminId = a.id;
  admin = await loginAs(t, a.email, a.password);
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  organizer = await loginAs(t, o.email, o.password);
});
afterAll(() => t.close());

describe('a transaction runs one query at a time', () => {
  it('a fan-out (Promise.all) over the unit of work transaction fails with a clear error and changes nothing', async () => {
    const name = 'Fan-out tag';
    const failed = await t.app.ports
      .unitOfWork(async ({ tx }) => {
        await tx.insert(tags).values({ name });
        await Promise.all([tx.select().from(tags), tx.select().from(categories)]);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    // Drizzle wraps it ("Failed query: …"); the cause names the fix.
    const cause = (failed as Error).cause;
    expect(cause).toBeInstanceOf(ConcurrentQueryError);
    expect((cause as Error).message).toMatch(
      /one query at a time, so await each query in turn instead of Promise\.all/,
    );
    // Rolled back, and no connection left inside the failed transaction.
    expect(await t.db.select().from(tags).where(eq(tags.name, name))).toEqual([]);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('the same reads one after another on the transaction, and a fan-out on the pool, run', async () => {
    const read = await t.app.ports.unitOfWork(async ({ tx }) => {
      const tagRows = await tx.select().from(tags);
      const categoryRows = await tx.select().from(categories);
      return tagRows.length + categoryRows.length;
    });
    const [tagRows, categoryRows] = await Promise.all([
      t.db.select().from(tags),
      t.db.select().from(categories),
    ]);
    expect(read).toBe(tagRows.length + categoryRows.length);
  });
});

describe('parallel changes through real HTTP connections', () => {
  it('fifty parallel creations of one category name make exactly one; the others are told the name', async () => {
    const tally = await inParallel(base, 50, () => ({
      method: 'POST',
      path: '/api/v1/admin/category/create-category',
      headers: clientHeaders(admin),
      body: { name: 'Rooftop Cinema', image: IMG },
    }));
    expect(tally.byStatus).toEqual({ 200: 1, 409: 49 });
    expect(tally.byMessage['409 A category named "Rooftop Cinema" already exists.']).toBe(49);
    const created = (await auditOf('CATEGORY')).filter((row) => row.action === 'CATEGORY_CREATED');
    expect(created).toHaveLength(1);
  });

  it('deleting one member fifty times in parallel deletes and audits it once; the others get 404', async () => {
    const organizationId = (
      await call('POST', '/api/v1/organization/create-organization', organizer, { name: 'Race Hall' })
    ).body.result._id;
    const memberId = (
      await call('POST', '/api/v1/favorite-user/add-favorite-user', organizer, {
        organizationId,
        email: 'racer@example.test',
      })
    ).body.result._id;
    const tally = await inParallel(base, 50, () => ({
      method: 'DELETE',
      path: '/api/v1/favorite-user/delete-favorite-user',
      headers: clientHeaders(organizer),
      body: { memberId },
    }));
    expect(tally.byStatus).toEqual({ 200: 1, 404: 49 });
    const removed = (await auditOf('ORGANIZATION_MEMBER', memberId)).filter(
      (row) => row.action === 'MEMBER_REMOVED',
    );
    expect(removed).toHaveLength(1);
  });
});

describe('every change leaves an audit entry (actor, request id, before/after)', () => {
  it('categories, subcategories and tags', async () => {
    const category = await call('POST', '/api/v1/admin/category/create-category', admin, { name: 'Audited' });
    const categoryId = category.body.result._id;
    await call('PUT', '/api/v1/admin/category/update-category', admin, { categoryId, name: 'Audited Too' });
    await call('PUT', '/api/v1/admin/category/update-status-category', admin, {
      categoryId,
      status: 'INACTIVE',
    });
    const entries = await auditOf('CATEGORY', categoryId);
    expect(entries.map((e) => e.action)).toEqual([
      'CATEGORY_CREATED',
      'CATEGORY_UPDATED',
      'CATEGORY_STATUS_CHANGED',
    ]);
    expect(entries[1]).toMatchObject({
      actorId: adminId,
      actorRole: 'ADMIN',
      before: expect.objectContaining({ name: 'Audited' }),
      after: expect.objectContaining({ name: 'Audited Too' }),
    });
    expect(entries[1]?.requestId).toEqual(expect.any(String));

    const sub = await call('POST', '/api/v1/admin/subcategory/create-subcategory', admin, {
      name: 'Audited Sub',
      categoryIds: [categoryId],
    });
    const subcategoryId = sub.body.result._id;
    await call('DELETE', '/api/v1/admin/subcategory/delete-subcategory', admin, { subcategoryId });
    expect((await auditOf('SUBCATEGORY', subcategoryId)).map((e) => e.action)).toEqual([
      'SUBCATEGORY_CREATED',
      'SUBCATEGORY_DELETED',
    ]);

    const tag = await call('POST', '/api/v1/admin/tag/create-tag', admin, { name: 'audited-tag' });
    const tagId = tag.body.result._id;
    await call('PUT', '/api/v1/admin/tag/update-tag', admin, { tagId, name: 'audited-tag-2' });
    await call('DELETE', '/api/v1/admin/tag/delete-tag', admin, { tagIds: [tagId] });
    expect((await auditOf('TAG', tagId)).map((e) => e.action)).toEqual([
      'TAG_CREATED',
      'TAG_UPDATED',
      'TAG_DELETED',
    ]);
  });

  it('catalog requests: submitted by the organizer, approved by the administrator with the item created', async () => {
    const submitted = await call('POST', '/api/v1/admin/tag/tag-request', organizer, {
      name: 'requested-tag',
    });
    expect(submitted.status).toBe(200);
    const requestId = submitted.body.result._id;
    const reviewed = await call('PUT', '/api/v1/admin/tag/review-tag-request', admin, {
      requestId,
      status: 'APPROVED',
    });
    expect(reviewed.status).toBe(200);
    const entries = await auditOf('CATALOG_REQUEST', requestId);
    expect(entries.map((e) => [e.action, e.actorRole])).toEqual([
      ['CATALOG_REQUEST_SUBMITTED', 'ORGANIZER'],
      ['CATALOG_REQUEST_APPROVED', 'ADMIN'],
    ]);
    const tagId = reviewed.body.result.createdItemId;
    expect((await auditOf('TAG', tagId)).map((e) => e.action)).toEqual(['TAG_CREATED']);
    // One request id for the approval and the item it created: one unit of work.
    expect((await auditOf('TAG', tagId))[0]?.requestId).toBe(entries[1]?.requestId);
  });

  it('banners, reasons and content pages', async () => {
    const banner = await call('POST', '/api/v1/admin/banner/create-banner', admin, {
      title: 'Audited banner',
      image: IMG,
      linkType: 'URL',
      linkValue: 'https://example.com/',
      visibility: 'BOTH',
    });
    const bannerId = banner.body.result._id;
    await call('PUT', '/api/v1/admin/banner/update-banner-status', admin, { bannerId, status: 'INACTIVE' });
    await call('DELETE', '/api/v1/admin/banner/delete-banner', admin, { bannerId });
    expect((await auditOf('BANNER', bannerId)).map((e) => e.action)).toEqual([
      'BANNER_CREATED',
      'BANNER_STATUS_CHANGED',
      'BANNER_DELETED',
    ]);

    const reason = await call('POST', '/api/v1/common/create-reason', admin, {
      kind: 'EVENT_REPORT',
      text: 'Audited reason',
    });
    const reasonId = reason.body.result._id;
    await call('DELETE', '/api/v1/common/delete-reason', admin, { reasonId });
    expect((await auditOf('REASON', reasonId)).map((e) => e.action)).toEqual([
      'REASON_CREATED',
      'REASON_DELETED',
    ]);

    await seedContent(t.db);
    const saved = await call('PUT', '/api/v1/content/update-content-detail', admin, {
      key: 'faq',
      title: 'Questions',
      body: 'Ask away.',
    });
    expect(saved.status).toBe(200);
    const [entry] = await auditOf('CONTENT_PAGE', 'faq');
    expect(entry).toMatchObject({
      action: 'CONTENT_PAGE_UPDATED',
      actorId: adminId,
      after: expect.objectContaining({ title: 'Questions', body: 'Ask away.' }),
    });
  });
});
