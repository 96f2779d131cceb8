import { describe, expect, it } from 'vitest';
import { weeklySessions } from './schedule.js';
import { wallClockOf } from './wall-clock.js';

const base = { startTime: '18:30', durationMinutes: 90 };

describe('weeklySessions', () => {
  it('makes one session per chosen weekday between the first and last date, both included', () => {
    // 2026-03-02 is a Monday; Mondays and Wednesdays for four weeks.
    const sessions = weeklySessions(
      { ...base, days: [1, 3], firstDate: '2026-03-02', lastDate: '2026-03-25' },
      'Europe/Berlin',
    );
    expect(sessions).toHaveLength(8);
    expect(sessions[0]).toEqual({ startsAt: '2026-03-02T17:30:00.000Z', endsAt: '2026-03-02T19:00:00.000Z' });
    expect(sessions.at(-1)?.startsAt).toBe('2026-03-25T17:30:00.000Z');
    // Every session starts at 18:30 on Berlin's clocks.
    for (const s of sessions) {
      const w = wallClockOf(s.startsAt, 'Europe/Berlin');
      expect([w.hour, w.minute]).toEqual([18, 30]);
    }
  });

  it('keeps the wall-clock time across a daylight-saving change, so the instant moves by an hour', () => {
    // New York springs forward on Sunday 2026-03-08; Saturdays 7 and 14 March.
    const sessions = weeklySessions(
      { ...base, days: [6], firstDate: '2026-03-07', lastDate: '2026-03-14' },
      'America/New_York',
    );
    expect(sessions.map((s) => s.startsAt)).toEqual(['2026-03-07T23:30:00.000Z', '2026-03-14T22:30:00.000Z']);
  });

  it('lasts the duration in real time when a session spans the change', () => {
    // Berlin falls back on 2026-10-25 at 03:00 → 02:00; a 01:30 session of 120 minutes ends at 02:30 local.
    const [session] = weeklySessions(
      {
        days: [0],
        startTime: '01:30',
        durationMinutes: 120,
        firstDate: '2026-10-25',
        lastDate: '2026-10-25',
      },
      'Europe/Berlin',
    );
    expect(session).toEqual({ startsAt: '2026-10-24T23:30:00.000Z', endsAt: '2026-10-25T01:30:00.000Z' });
    const end = wallClockOf(session?.endsAt ?? '', 'Europe/Berlin');
    expect([end.hour, end.minute]).toEqual([2, 30]);
  });

  it('moves a start inside a spring-forward gap on by the gap', () => {
    const [session] = weeklySessions(
      { days: [0], startTime: '02:30', durationMinutes: 60, firstDate: '2026-03-08', lastDate: '2026-03-08' },
      'America/New_York',
    );
    expect(session?.startsAt).toBe('2026-03-08T07:30:00.000Z');
  });

  it('is empty when the last date is before the first, and stops at the limit', () => {
    expect(
      weeklySessions({ ...base, days: [1], firstDate: '2026-03-09', lastDate: '2026-03-02' }, 'UTC'),
    ).toEqual([]);
    const every = weeklySessions(
      { ...base, days: [0, 1, 2, 3, 4, 5, 6], firstDate: '2026-01-01', lastDate: '2030-12-31' },
      'UTC',
      367,
    );
    expect(every).toHaveLength(367);
  });
});
