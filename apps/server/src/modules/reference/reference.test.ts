import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let organizer: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  const b = await createUser(t);
  organizer = await loginAs(t, o.email, o.password);
  buyer = await loginAs(t, b.email, b.password);
});
afterAll(() => t.close());

describe('reference lists (seeded by the migrations step)', () => {
  it('lists reasons by kind, class types and ticket types', async () => {
    const refunds = await call('GET', '/api/v1/common/get-reason-list', organizer, {
      kind: 'REFUND_REQUEST',
    });
    expect(refunds.body.result[0]).toMatchObject({ kind: 'REFUND_REQUEST', text: 'I can no longer attend' });
    expect(refunds.body.result.every((r: { kind: string }) => r.kind === 'REFUND_REQUEST')).toBe(true);
    const cancel = await call('GET', '/api/v1/common/get-reason-list', organizer, { kind: 'EVENT_CANCEL' });
    expect(cancel.body.result.length).toBeGreaterThan(2);
    const bad = await call('GET', '/api/v1/common/get-reason-list', organizer, { kind: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('REFUND_REQUEST');
    expect(
      (await call('GET', '/api/v1/common/get-class-type', organizer)).body.result.length,
    ).toBeGreaterThan(0);
    const tickets = await call('GET', '/api/v1/common/get-ticket-type', organizer);
    expect(tickets.body.result.map((x: { pricing: string }) => x.pricing)).toEqual([
      'PAID',
      'FREE',
      'DONATION',
    ]);
    expect((await call('GET', '/api/v1/common/get-ticket-type', buyer)).status).toBe(403);
  });
});
