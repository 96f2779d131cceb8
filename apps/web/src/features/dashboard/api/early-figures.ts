import { earlyCallUrl, startEarlyCall, takeCameEarlyCall, takeEarlyCall } from '../../../lib/early-call';
import { getOfflineProfile } from '../../../lib/storage';
import { DASHBOARD_PATHS } from '../paths';

/**
 * The organizer's figures asked for as soon as the dashboard's route first matches (lib/early-call.ts),
 * alongside the screen's code and the session's profile instead of after them (docs/performance.md,
 * "The dashboard's first paint"). The route table calls this, so it is part of the console's first
 * download and holds no contract schema; the screen's query (api/organizer-dashboard.ts) checks the
 * answer against the contract when it takes it over.
 */

/** `organizerDashboard.path` of the contract (a test keeps them the same). */
export const FIGURES_PATH = '/api/v1/organizer/organizer-dashboard';

/** The dashboard's choices, as the URL holds them: `?organizationId=&period=&from=&to=`. */
export interface FiguresChoice<P extends string = string> {
  organizationId: string;
  period: P;
  from: string;
  to: string;
}

/** The figures' query of a choice (plain strings: the server validates them); null until a custom period has both days. */
export function figuresQueryOf(choice: FiguresChoice): Record<string, string | undefined> | null {
  const custom = choice.period === 'CUSTOM';
  if (custom && (choice.from === '' || choice.to === '')) return null;
  return {
    organizationId: choice.organizationId || undefined,
    period: choice.period,
    from: custom ? choice.from : undefined,
    to: custom ? choice.to : undefined,
  };
}

/** A choice read from the URL as it is (the screen also checks the period against the known ones). */
export const rawChoiceOf = (params: URLSearchParams): FiguresChoice => ({
  organizationId: params.get('organizationId') ?? '',
  period: params.get('period') ?? 'LAST_30_DAYS',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
});

/** The call's path with its query string: what identifies it. */
const figuresUrlOf = (query: Record<string, string | undefined>) => earlyCallUrl(FIGURES_PATH, query);

/**
 * Starts the figures' call of the page's URL. Only on the dashboard's own address (the route's code also
 * loads while another page is still shown, on the way to the dashboard, when the choice is not known
 * yet); not for an administrator as far as the profile this device kept tells (they see the platform's
 * dashboard, not these figures).
 */
export function startFigures(pageUrl: string): void {
  const page = new URL(pageUrl);
  if (page.pathname !== DASHBOARD_PATHS.dashboard) return;
  const kept = getOfflineProfile() as { role?: unknown } | null;
  if (kept?.role === 'ADMIN') return;
  const query = figuresQueryOf(rawChoiceOf(page.searchParams));
  if (query) startEarlyCall(FIGURES_PATH, query);
}

/**
 * The answer (envelope) of the call started early for `query` if it has already come, with when it came,
 * taken at once so the screen paints its figures with its first render; undefined otherwise.
 */
export const takeCameFigures = (query: Record<string, string | undefined>) =>
  takeCameEarlyCall(figuresUrlOf(query));

/** The answer (envelope) of the call started early for `query`, once; undefined when there is none or it failed. */
export const takeFigures = (query: Record<string, string | undefined>) => takeEarlyCall(figuresUrlOf(query));
