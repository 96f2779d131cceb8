import { describe, expect, it } from 'vitest';
import { bucketLabel } from '../../lib/intl';
import { changeText, formatFigure, formatPercent, previousLabel, soldText } from './format';

describe('dashboard figure formatting', () => {
  it('the change against the previous period, in words and a trend (never colour alone)', () => {
    const against = previousLabel('LAST_30_DAYS', '2026-10-23', '2026-11-21');
    expect(against).toBe('previous 30 days');
    expect(changeText({ value: 112, previous: 100, change: 0.12 }, against)).toEqual({
      text: '+12% vs previous 30 days',
      trend: 'up',
    });
    expect(changeText({ value: 50, previous: 100, change: -0.5 }, against)).toEqual({
      text: '-50% vs previous 30 days',
      trend: 'down',
    });
    expect(changeText({ value: 5, previous: 0, change: null }, against)).toEqual({
      text: 'New: none in the previous 30 days',
      trend: 'new',
    });
    expect(changeText({ value: 0, previous: 0, change: null }, against)).toEqual({
      text: 'None in either period',
      trend: 'none',
    });
    expect(changeText({ value: 3, previous: 0, change: null }, 'yesterday').text).toBe('New: none yesterday');
    expect(changeText({ value: 7, previous: 7, change: 0 }, against).text).toBe(
      'No change vs previous 30 days',
    );
  });

  it('names the previous period of each choice', () => {
    expect(previousLabel('TODAY', '2026-11-21', '2026-11-21')).toBe('yesterday');
    expect(previousLabel('LAST_7_DAYS', '2026-11-15', '2026-11-21')).toBe('previous 7 days');
    expect(previousLabel('THIS_YEAR', '2026-01-01', '2026-11-21')).toBe('same days last year');
    expect(previousLabel('CUSTOM', '2026-11-10', '2026-11-10')).toBe('previous day');
  });

  it('money in its currency, counts grouped, shares as whole percentages', () => {
    expect(formatFigure('grossSales', 18634, 'USD')).toBe('$186.34');
    expect(formatFigure('averageOrder', 1250, 'JPY')).toBe('¥1,250');
    expect(formatFigure('ticketsSold', 1234, 'USD')).toBe('1,234');
    expect(formatPercent(0.4)).toBe('40%');
    expect(formatPercent(0.004)).toBe('<1%');
    expect(formatPercent(6.4536)).toBe('645%');
  });

  it('sold against capacity, and chart labels per day or month', () => {
    expect(soldText(42, 100)).toBe('42 / 100 sold');
    expect(soldText(42, null)).toBe('42 sold');
    expect(bucketLabel('2026-11-20', 'DAY')).toBe('Nov 20');
    expect(bucketLabel('2026-11-01', 'MONTH')).toBe('Nov 2026');
  });
});
