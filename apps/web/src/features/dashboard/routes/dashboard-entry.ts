import { startFigures } from '../api/early-figures';

/**
 * What the dashboard's route loads first (docs/performance.md, "Console on the wire and cold mobile"): a
 * small chunk that asks for the organizer's figures at once, then loads the screen, so the call runs
 * alongside the screen's download (its code and the contract's schemas) and the session's profile
 * instead of after them. The route table, part of the console's entry, names only this chunk, not the
 * screen's long list of chunks to preload.
 */
export function loadDashboard() {
  startFigures(window.location.href);
  return import('./DashboardPage');
}
