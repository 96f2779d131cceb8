import { DASHBOARD_PERIODS, type DashboardPeriod, organizerDashboard } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import {
  type FiguresChoice,
  figuresQueryOf,
  rawChoiceOf,
  takeCameFigures,
  takeFigures,
} from './early-figures';
import { dashboardKeys } from './keys';

export type DashboardChoice = FiguresChoice<DashboardPeriod>;

/** The URL's choice, an unknown period read as the last 30 days. */
export function choiceOf(params: URLSearchParams): DashboardChoice {
  const raw = rawChoiceOf(params);
  return { ...raw, period: DASHBOARD_PERIODS.find((p) => p === raw.period) ?? 'LAST_30_DAYS' };
}

export { figuresQueryOf };

/** How long figures just read stay fresh: a screen shown again at once does not read them again. */
const FRESH_MS = 10_000;

/**
 * Figures of the URL's organization and period. The call the route started early (api/early-figures.ts)
 * is taken over when its answer is what the contract says: already come, it is the query's first data
 * (the figures paint with the screen); still under way, the query waits for it. Otherwise (none, failed,
 * not valid) the query calls itself, as it always did.
 */
export function dashboardQuery(query: Record<string, string | undefined>) {
  const options = routeListQuery(dashboardKeys.figures, query);
  const call = options.queryFn;
  const checked = (body: unknown) => {
    const parsed = organizerDashboard.response.safeParse(body);
    return parsed.success ? parsed.data.result : undefined;
  };
  let cameAt: number | undefined;
  return queryOptions({
    ...options,
    staleTime: FRESH_MS,
    initialData: () => {
      const came = takeCameFigures(query);
      const result = came && checked(came.body);
      if (result) cameAt = came.at;
      return result;
    },
    initialDataUpdatedAt: () => cameAt,
    queryFn: async (context) => {
      const early = checked(await takeFigures(query));
      if (early) return early;
      if (!call || typeof call !== 'function') throw new Error('no query function');
      return call(context);
    },
  });
}
