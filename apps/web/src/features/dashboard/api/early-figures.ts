import type { RouteDef } from '@marquee/contract';
import { http, toSearch } from '../../../lib/http';
import { getAccessToken, getOfflineProfile } from '../../../lib/storage';
import { DASHBOARD_PATHS } from '../paths';

/**
 * The organizer's figures asked for as soon as the dashboard's route first matches, alongside the
 * screen's code instead of after it has run and the session's profile has loaded (docs/performance.md,
 * "Console on the wire and cold mobile"). This module comes before the screen's code
 * (routes/dashboard-entry.ts), so it holds no contract schema: the call is the http helper's GET of the figures' path with its
 * answer taken as it comes, and the screen's query (api/organizer-dashboard.ts) checks it against the
 * contract when it takes it over. A call
 * nobody took within {@link KEPT_MS} is dropped (the screen was left, or asked for something else), and
 * a failed one is never used: the query then calls again itself, and that call reports the failure.
 */

/** `organizerDashboard.path` of the contract (a test keeps them the same). */
export const FIGURES_PATH = '/api/v1/organizer/organizer-dashboard';
const KEPT_MS = 10_000;

/** The figures' route as far as this call needs it; the answer is checked when the screen takes it. */
const uncheckedFigures = {
  method: 'GET',
  path: FIGURES_PATH,
  response: { safeParse: (data: unknown) => ({ success: true, data }) },
} as unknown as RouteDef;

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

interface Started {
  at: number;
  answer: Promise<unknown>;
  /** The answer once it has come (so the screen can show it in its first paint), with when it came. */
  came?: { body: unknown; at: number };
}
const started = new Map<string, Started>();

/** The call's path with its query string: what identifies it. */
export const figuresUrlOf = (query: Record<string, string | undefined>) =>
  `${FIGURES_PATH}${toSearch(query)}`;

/**
 * Starts the figures' call of the page's URL (no toast: the screen's own call reports failures). Only on
 * the dashboard's own address (the route's code also loads while another page is still shown, on the way
 * to the dashboard, when the choice is not known yet); not without a session (the guard sends the
 * visitor to sign in), nor for an administrator as far as the profile this device kept tells (they see
 * the platform's dashboard, not these figures).
 */
export function startFigures(pageUrl: string): void {
  const page = new URL(pageUrl);
  if (page.pathname !== DASHBOARD_PATHS.dashboard) return;
  const kept = getOfflineProfile() as { role?: unknown } | null;
  if (!getAccessToken() || kept?.role === 'ADMIN') return;
  const query = figuresQueryOf(rawChoiceOf(page.searchParams));
  if (!query) return;
  const url = figuresUrlOf(query);
  const waiting = started.get(url);
  if (waiting && Date.now() - waiting.at < KEPT_MS) return;
  const answer = http(uncheckedFigures, { query: query as never, silent: true, background: true });
  const entry: Started = { at: Date.now(), answer };
  // Perhaps nobody takes it: its failure must not be left unhandled.
  answer.then(
    (body) => {
      entry.came = { body, at: Date.now() };
    },
    () => {},
  );
  started.set(url, entry);
}

/** The call started early for `query`, taken off the list (undefined if none, or too old). */
function take(query: Record<string, string | undefined>): Started | undefined {
  const url = figuresUrlOf(query);
  const waiting = started.get(url);
  started.delete(url);
  return waiting && Date.now() - waiting.at < KEPT_MS ? waiting : undefined;
}

/**
 * The answer (envelope) of the call started early for `query` if it has already come, with when it came,
 * taken at once so the screen paints its figures with its first render; undefined otherwise (and the
 * call, if still under way, is left for {@link takeFigures}).
 */
export function takeCameFigures(
  query: Record<string, string | undefined>,
): { body: unknown; at: number } | undefined {
  const url = figuresUrlOf(query);
  const came = started.get(url)?.came;
  if (!came) return undefined;
  return take(query)?.came;
}

/** The answer (envelope) of the call started early for `query`, once; undefined when there is none or it failed. */
export async function takeFigures(query: Record<string, string | undefined>): Promise<unknown> {
  return take(query)?.answer.catch(() => undefined);
}
