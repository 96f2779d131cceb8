import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { auditLog, organizationMembers, organizations } from '../../db/schema/index.js';

/**
 * The route's access declaration resolves the organization before the handler; a change that depends on
 * it re-reads it locked inside its unit of work. These tests hold the organization's row, let the call
 * resolve and queue on the lock, hand the organization to someone else, then let go: the call must be
 * refused and change nothing.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: string;
let successorId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  const s = await createUser(t, { organizerRequest: 'APPROVED' });
  owner = await loginAs(t, o.email, o.password);
  successorId = s.id;
});
afterAll(() => t.close());

async function newOrganization(name: string): Promise<string> {
  return (await call('POST', '/api/v1/organization/create-organization', owner, { name })).body.result._id;
}

/** Holds the organization's row in a transaction of its own until `handOver` gives it to the successor. */
async function holdOrganization(organizationId: string) {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  await client.query('begin');
  await client.query('select id from organizations where id = $1 for update', [organizationId]);
  const holder = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  return {
    /** Resolves once another connection of this database waits on a lock (the call under test). */
    async someoneWaits() {
      for (let i = 0; i < 1000; i += 1) {
        const { rows } = await client.query(
          `select 1 from pg_stat_activity where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
          [holder],
        );
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the call never waited on the organization');
    },
    async handOver() {
      await client.query('update organizations set owner_id = $1 where id = $2', [
        successorId,
        organizationId,
      ]);
      await client.query('commit');
      await client.end();
    },
  };
}

describe('a permission lost while the change waits', () => {
  it('refuses a payout account for an organization the caller no longer owns, and records none', async () => {
    const organizationId = await newOrganization('Handed-over Hall');
    const hold = await holdOrganization(organizationId);
    const started = call('POST', '/api/v1/payment/create-organizer-account', owner, { organizationId });
    await hold.someoneWaits();
    await hold.handOver();
    const answer = await started;
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('The organization was not found.');
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, organizationId));
    expect(row?.payoutAccountId).toBeNull();
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, organizationId), eq(auditLog.action, 'PAYOUT_ACCOUNT_CREATED')));
    expect(entries).toHaveLength(0);
  });

  it('refuses removing a member of an organization the caller no longer owns, and keeps the member', async () => {
    const organizationId = await newOrganization('Handed-over Club');
    const added = await call('POST', '/api/v1/favorite-user/add-favorite-user', owner, {
      organizationId,
      email: 'stays.on@example.test',
    });
    const memberId = added.body.result._id as string;
    const hold = await holdOrganization(organizationId);
    const removing = call('DELETE', '/api/v1/favorite-user/delete-favorite-user', owner, { memberId });
    await hold.someoneWaits();
    await hold.handOver();
    const answer = await removing;
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('The member was not found.');
    const kept = await t.db.select().from(organizationMembers).where(eq(organizationMembers.id, memberId));
    expect(kept).toHaveLength(1);
  });
});
