import type { DashboardPeriod } from '@marquee/contract';
import { useSearchParams } from 'react-router';

export const PERIOD_OPTIONS: { value: DashboardPeriod; label: string }[] = [
  { value: 'TODAY', label: 'Today' },
  { value: 'LAST_7_DAYS', label: 'Last 7 days' },
  { value: 'LAST_30_DAYS', label: 'Last 30 days' },
  { value: 'THIS_YEAR', label: 'This year' },
  { value: 'CUSTOM', label: 'Custom' },
];

const isPeriod = (value: string | null): value is DashboardPeriod =>
  PERIOD_OPTIONS.some((o) => o.value === value);
const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The dashboard's period in the URL (`?period=LAST_7_DAYS`, `&from=…&to=…` for a custom one). */
export function usePeriodParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: DashboardPeriod = isPeriod(raw) ? raw : 'LAST_30_DAYS';
  const from = params.get('from');
  const to = params.get('to');
  const query =
    period === 'CUSTOM'
      ? { period, ...(isDay(from) ? { from } : {}), ...(isDay(to) ? { to } : {}) }
      : { period };
  const set = (patch: { period?: DashboardPeriod; from?: string; to?: string }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (!value || (key === 'period' && value === 'LAST_30_DAYS')) next.delete(key);
          else next.set(key, value);
        }
        if ((patch.period ?? period) !== 'CUSTOM') {
          next.delete('from');
          next.delete('to');
        }
        return next;
      },
      { replace: true },
    );
  return { period, from: isDay(from) ? from : '', to: isDay(to) ? to : '', query, set };
}
