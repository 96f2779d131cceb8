import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { instantMs, TIMESTAMPTZ_OID } from './instants.js';

/** What `pg` itself makes of a timestamptz's text, as milliseconds (NaN when not a finite instant). */
const pgParse = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;
const reference = (text: string) => {
  const parsed = pgParse(text);
  return parsed instanceof Date ? parsed.getTime() : typeof parsed === 'number' ? parsed : Number.NaN;
};

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
});

describe('instantMs', () => {
  it('reads what PostgreSQL writes exactly as pg does, in zones with odd offsets and at every precision', async () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'Europe/Amsterdam',
    ];
    const mismatches: string[] = [];
    for (const zone of zones) {
      await client.query(`set timezone = '${zone}'`);
      // Instants from 1000 to 9999 (LMT offsets with seconds included), every fraction from none to microseconds.
      const { rows } = await client.query<{ text: string }>({
        text: `select (timestamptz '1000-01-01 00:00:00Z' + (n * interval '29 days 7 hours 13 minutes 1.000001 second')
            + (n % 7) * interval '0.1 second' + (n % 11) * interval '0.013 second' + (n % 13) * interval '0.000999 second')::text as text
          from generate_series(0, 45000) n`,
        types: { getTypeParser: () => (value: string) => value },
      });
      for (const { text } of rows)
        if (instantMs(text) !== reference(text)) mismatches.push(`${zone} ${text}`);
    }
    await client.query('reset timezone');
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('truncates the fraction to the millisecond as pg does, on both sides of a second', () => {
    for (const text of [
      '2026-03-29 00:59:59.999999+00',
      '2026-03-29 00:59:59.9995+00',
      '2026-03-29 01:00:00+00',
      '2026-03-29 01:00:00.000001+00',
      '2026-03-04 18:05:00.579+00',
      '2026-03-04 18:05:00.1+05:30',
      '2026-03-04 18:05:00-03:30',
      '1871-03-04 18:05:00+00:53:28',
    ]) {
      expect(instantMs(text), text).toBe(reference(text));
    }
    expect(instantMs('2026-03-29 00:59:59.999999+00')).toBe(Date.UTC(2026, 2, 29, 0, 59, 59, 999));
  });

  it('leaves any other shape to pg: infinity, BC, years outside 1000–9999', () => {
    expect(instantMs('infinity')).toBe(Number.POSITIVE_INFINITY);
    expect(instantMs('-infinity')).toBe(Number.NEGATIVE_INFINITY);
    for (const text of ['0044-03-15 12:00:00+00 BC', '0099-01-01 00:00:00+00', '10000-01-01 00:00:00+00']) {
      expect(instantMs(text), text).toBe(reference(text));
    }
    expect(instantMs('not a time')).toBeNaN();
  });
});
