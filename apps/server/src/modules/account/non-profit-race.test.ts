import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { nonProfitExemptions } from '../../db/schema/index.js';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const PATH = '/api/v1/user/update-non-profit-excemtion-detail';
const body = {
  legalName: 'Friends of Jazz e.V.',
  registrationNumber: 'VR 12345',
  documentUrl: 'https://cdn.example.test/cert.pdf',
};

describe('a non-profit request sent again while an administrator approves it', () => {
  it('leaves the approval standing and answers 409', async () => {
    const me = await createUser(t);
    const token = await loginAs(t, me.email, me.password);
    expect((await call('POST', PATH, token, body)).status).toBe(200);

    // The administrator's decision holds the row while the user sends the form again.
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    await admin.query('begin');
    await admin.query('select user_id from non_profit_exemptions where user_id = $1 for update', [me.id]);
    const holder = (await admin.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const again = call('POST', PATH, token, { ...body, legalName: 'Friends of Jazz' });
    let waiting = false;
    for (let i = 0; i < 1000 && !waiting; i += 1) {
      const { rows } = await admin.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
        [holder],
      );
      waiting = rows.length > 0;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(waiting).toBe(true);
    await admin.query(
      `update non_profit_exemptions set status = 'APPROVED', decided_at = now() where user_id = $1`,
      [me.id],
    );
    await admin.query('commit');
    await admin.end();

    const answer = await again;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Your non-profit exemption is already approved.');
    const [row] = await t.db.select().from(nonProfitExemptions).where(eq(nonProfitExemptions.userId, me.id));
    expect(row).toMatchObject({ status: 'APPROVED', legalName: 'Friends of Jazz e.V.' });
  });
});
