import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScale, generateScale, SCALES } from '../src/db/seed-scale.js';
import { freshDatabase } from './helpers.js';

/** The scale generator at its tiny size (the same statements as `--scale large`), then the check of its rules. */
describe('seed at scale (tiny)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('fills every table set-based and the data keeps the rules', async () => {
    const steps: string[] = [];
    await generateScale(client, SCALES.tiny, 'not-a-real-hash', (s) =>
      steps.push(`${s.step}/${s.steps} ${s.name}`),
    );
    expect(steps.at(-1)).toMatch(/^(\d+)\/\1 /);
    const count = async (table: string) =>
      Number((await client.query(`select count(*) n from ${table}`)).rows[0].n);
    expect(await count('users')).toBe(SCALES.tiny.users);
    expect(await count('events')).toBe(SCALES.tiny.events);
    expect(await count('bookings')).toBe(SCALES.tiny.bookings);
    expect(await count('tickets')).toBeGreaterThan(SCALES.tiny.bookings * 2);
    for (const table of [
      'refunds',
      'refund_requests',
      'scans',
      'ticket_admissions',
      'ledger_entries',
      'audit_log',
    ])
      expect(await count(table), table).toBeGreaterThan(0);
    const kinds = await client.query(`select distinct kind from events order by kind`);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['SINGLE', 'MULTI', 'CLASS']);
    const results = await checkScale(client);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });

  it('the check finds a broken rule, and a second run is refused', async () => {
    await client.query(
      `update ledger_entries set amount = amount + 1 where id = (select id from ledger_entries where kind = 'REFUND' limit 1)`,
    );
    const broken = (await checkScale(client)).filter((r) => r.violations > 0).map((r) => r.rule);
    expect(broken).toContain('every ledger posting group sums to zero, in one currency');
    await expect(generateScale(client, SCALES.tiny, 'x')).rejects.toThrow(/already holds scale data/);
  });
});
