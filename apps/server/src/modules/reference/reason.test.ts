import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

const C = '/api/v1/common';
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

const activeTexts = async (kind: string) =>
  (await call('GET', `${C}/get-reason-list`, organizer, { kind })).body.result.map(
    (r: { text: string }) => r.text,
  );

describe('reasons management', () => {
  it('lists every reason paginated with kind and status filters', async () => {
    const all = await call('GET', `${C}/reason-list-with-pagination`, admin, { limit: 5 });
    expect(all.status).toBe(200);
    expect(all.body.result.items).toHaveLength(5);
    expect(all.body.result.total).toBeGreaterThan(5);
    const refunds = await call('GET', `${C}/reason-list-with-pagination`, admin, {
      kind: 'REFUND_REQUEST',
      limit: 100,
    });
    expect(refunds.body.result.items.every((r: { kind: string }) => r.kind === 'REFUND_REQUEST')).toBe(true);
    expect(refunds.body.result.items[0]).toMatchObject({ status: 'ACTIVE' });
    const badSort = await call('GET', `${C}/reason-list-with-pagination`, admin, { sort: 'secret' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain('Sort by order, text, kind, status');
    const badKind = await call('GET', `${C}/reason-list-with-pagination`, admin, { kind: 'NOPE' });
    expect(badKind.status).toBe(400);
  });

  it('creates, edits, deactivates and deletes a reason; text unique per kind ignoring case', async () => {
    const created = await call('POST', `${C}/create-reason`, admin, {
      kind: 'REFUND_REQUEST',
      text: '  The venue changed  ',
      order: 7,
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Reason "The venue changed" added.');
    expect(created.body.result).toMatchObject({
      kind: 'REFUND_REQUEST',
      text: 'The venue changed',
      order: 7,
      status: 'ACTIVE',
    });
    const id = created.body.result._id;
    expect(await activeTexts('REFUND_REQUEST')).toContain('The venue changed');

    const dup = await call('POST', `${C}/create-reason`, admin, {
      kind: 'REFUND_REQUEST',
      text: 'THE VENUE CHANGED',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A refund request reason "The venue changed" already exists.');
    expect(dup.body.errors[0].field).toBe('text');
    // The same text under another kind is fine.
    const other = await call('POST', `${C}/create-reason`, admin, {
      kind: 'EVENT_REPORT',
      text: 'The venue changed',
    });
    expect(other.status).toBe(200);

    const short = await call('POST', `${C}/create-reason`, admin, { kind: 'EVENT_CANCEL', text: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The reason needs at least 2 characters');

    const edited = await call('PUT', `${C}/update-reason`, admin, {
      reasonId: id,
      text: 'The venue moved',
      status: 'INACTIVE',
      order: 2,
    });
    expect(edited.body.result).toMatchObject({ text: 'The venue moved', status: 'INACTIVE', order: 2 });
    const texts = await activeTexts('REFUND_REQUEST');
    expect(texts).not.toContain('The venue moved');
    expect(texts).not.toContain('The venue changed');
    const inactive = await call('GET', `${C}/reason-list-with-pagination`, admin, { status: 'INACTIVE' });
    expect(inactive.body.result.items.map((r: { _id: string }) => r._id)).toContain(id);

    const clash = await call('PUT', `${C}/update-reason`, admin, {
      reasonId: id,
      text: 'i can no longer attend',
      status: 'ACTIVE',
      order: 0,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A refund request reason "I can no longer attend" already exists.');
    // Keeping its own text is not a clash.
    const same = await call('PUT', `${C}/update-reason`, admin, {
      reasonId: id,
      text: 'THE VENUE MOVED',
      status: 'ACTIVE',
      order: 2,
    });
    expect(same.status).toBe(200);

    const deleted = await call('DELETE', `${C}/delete-reason`, admin, { reasonId: id });
    expect(deleted.body).toMatchObject({ message: 'Reason "THE VENUE MOVED" deleted.', result: null });
    expect((await call('DELETE', `${C}/delete-reason`, admin, { reasonId: id })).status).toBe(404);
    const missing = await call('PUT', `${C}/update-reason`, admin, {
      reasonId: id,
      text: 'Gone',
      status: 'ACTIVE',
      order: 0,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The reason was not found.');
  });

  it('refuses everyone but administrators with 403', async () => {
    const b = await createUser(t);
    const buyer = await loginAs(t, b.email, b.password);
    const [reason] = (await call('GET', `${C}/reason-list-with-pagination`, admin)).body.result.items;
    const calls = [
      ['GET', `${C}/reason-list-with-pagination`, undefined],
      ['POST', `${C}/create-reason`, { kind: 'EVENT_CANCEL', text: 'Organizer try' }],
      [
        'PUT',
        `${C}/update-reason`,
        { reasonId: reason._id, text: 'Organizer try', status: 'ACTIVE', order: 0 },
      ],
      ['DELETE', `${C}/delete-reason`, { reasonId: reason._id }],
    ] as const;
    for (const [method, url, data] of calls) {
      for (const token of [organizer, buyer]) {
        const r = await call(method, url, token, data);
        expect(r.status).toBe(403);
        expect(r.body.message).toBe('Only administrators can do this.');
      }
      expect((await call(method, url, undefined, data)).status).toBe(401);
    }
    const still = await call('GET', `${C}/reason-list-with-pagination`, admin, { search: reason.text });
    expect(still.body.result.items[0]).toMatchObject({ _id: reason._id, text: reason.text });
  });
});
