import type { DashboardFigure, DashboardPeriod } from '@marquee/contract';
import { daysBetween } from '@marquee/contract';
import { formatCount } from '../../lib/intl';
import { formatMoney } from '../../lib/money';

/** A ratio as a whole percentage: 0.125 → `13%` (0.004 → `<1%` so a small share is not shown as none). */
export function formatPercent(ratio: number): string {
  const percent = Math.round(ratio * 100);
  if (percent === 0 && ratio > 0) return '<1%';
  if (percent === 0 && ratio < 0) return '>-1%';
  return `${percent}%`;
}

/** What the previous period was, for "vs …": `previous 30 days`, `yesterday`, `same days last year`. */
export function previousLabel(period: DashboardPeriod, from: string, to: string): string {
  if (period === 'TODAY') return 'yesterday';
  if (period === 'THIS_YEAR') return 'same days last year';
  const days = daysBetween(from, to);
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

export type Trend = 'up' | 'down' | 'flat' | 'new' | 'none';

/** The change of a figure in words (never only in colour): "+12% vs previous 30 days", "New", "No change". */
export function changeText(figure: DashboardFigure, against: string): { text: string; trend: Trend } {
  if (figure.change === null) {
    if (figure.value === 0) return { text: 'None in either period', trend: 'none' };
    return { text: `New: none ${against === 'yesterday' ? against : `in the ${against}`}`, trend: 'new' };
  }
  if (figure.change === 0) return { text: `No change vs ${against}`, trend: 'flat' };
  const sign = figure.change > 0 ? '+' : '';
  return {
    text: `${sign}${formatPercent(figure.change)} vs ${against}`,
    trend: figure.change > 0 ? 'up' : 'down',
  };
}

export const FIGURE_LABELS = {
  grossSales: 'Gross sales',
  serviceFees: 'Service fees',
  netToOrganizer: 'Net to organizer',
  refunds: 'Refunds',
  ticketsSold: 'Tickets sold',
  orders: 'Orders',
  averageOrder: 'Average order',
} as const;
export type FigureKey = keyof typeof FIGURE_LABELS;
export const MONEY_FIGURES: readonly FigureKey[] = [
  'grossSales',
  'serviceFees',
  'netToOrganizer',
  'refunds',
  'averageOrder',
];

/** A figure's value as shown on its card. */
export const formatFigure = (key: FigureKey, value: number, currency: string) =>
  MONEY_FIGURES.includes(key) ? formatMoney(value, currency) : formatCount(value);

/** "42 / 100 sold" or, without a limit, "42 sold". */
export const soldText = (sold: number, capacity: number | null) =>
  capacity === null ? `${formatCount(sold)} sold` : `${formatCount(sold)} / ${formatCount(capacity)} sold`;
