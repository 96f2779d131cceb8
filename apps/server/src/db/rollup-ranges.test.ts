import { describe, expect, it } from 'vitest';
import { bucketCuts, dashboardWindow } from '../lib/dashboard-window.js';
import { splitByRollup } from './rollup-ranges.js';

const at = (iso: string) => new Date(iso);
const spans = (list: { from: Date; to: Date }[]) =>
  list.map((s) => `${s.from.toISOString().slice(5, 16)}–${s.to.toISOString().slice(5, 16)}`);

describe('splitByRollup', () => {
  it('reads everything from the base tables before the first roll-up', () => {
    const split = splitByRollup([at('2026-11-01T04:00:00Z'), at('2026-11-21T05:00:00Z')], null);
    expect(split.rolled).toEqual([]);
    expect(spans(split.live)).toEqual(['11-01T04:00–11-21T05:00']);
  });

  it('a whole-hour zone: one rolled span up to the watermark, then the live tail', () => {
    const w = dashboardWindow('LAST_7_DAYS', {}, 'America/New_York', at('2026-11-21T10:20:00Z'));
    const split = splitByRollup(bucketCuts(w), at('2026-11-21T10:00:00Z'));
    expect(spans(split.rolled)).toEqual(['11-15T05:00–11-21T10:00']);
    expect(spans(split.live)).toEqual(['11-21T10:00–11-22T05:00']);
  });

  it('a half-hour zone: the edges and the hour cut by each local midnight are read live', () => {
    const w = dashboardWindow('LAST_7_DAYS', {}, 'Asia/Kolkata', at('2026-11-21T10:20:00Z'));
    const cuts = bucketCuts(w);
    expect(cuts).toHaveLength(8);
    const split = splitByRollup(cuts, at('2026-11-21T10:00:00Z'));
    expect(spans(split.live)).toEqual([
      '11-14T18:30–11-14T19:00',
      '11-15T18:00–11-15T19:00',
      '11-16T18:00–11-16T19:00',
      '11-17T18:00–11-17T19:00',
      '11-18T18:00–11-18T19:00',
      '11-19T18:00–11-19T19:00',
      '11-20T18:00–11-20T19:00',
      '11-21T10:00–11-21T18:30',
    ]);
    expect(split.rolled[0]).toEqual({ from: at('2026-11-14T19:00:00Z'), to: at('2026-11-15T18:00:00Z') });
    expect(split.rolled.at(-1)).toEqual({ from: at('2026-11-20T19:00:00Z'), to: at('2026-11-21T10:00:00Z') });
    // Totals only cut at the period's edges: one rolled span.
    const totals = splitByRollup([w.start, w.end], at('2026-11-21T10:00:00Z'));
    expect(spans(totals.rolled)).toEqual(['11-14T19:00–11-21T10:00']);
  });

  it('a period shorter than an hour, or ending before the first whole hour, is read live', () => {
    const split = splitByRollup(
      [at('2026-11-20T18:30:00Z'), at('2026-11-20T18:45:00Z')],
      at('2026-11-21T00:00:00Z'),
    );
    expect(split.rolled).toEqual([]);
    expect(spans(split.live)).toEqual(['11-20T18:30–11-20T18:45']);
  });

  it('monthly charts cut at each month in the zone', () => {
    const w = dashboardWindow('THIS_YEAR', {}, 'Asia/Kathmandu', at('2026-03-10T00:00:00Z'));
    expect(bucketCuts(w).map((d) => d.toISOString())).toEqual([
      '2025-12-31T18:15:00.000Z',
      '2026-01-31T18:15:00.000Z',
      '2026-02-28T18:15:00.000Z',
      '2026-03-10T18:15:00.000Z',
    ]);
  });
});
