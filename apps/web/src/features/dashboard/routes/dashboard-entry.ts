/**
 * What the dashboard's route loads (docs/performance.md, "Console on the wire and cold mobile"): a small
 * chunk that loads the screen, so the route table, part of the console's entry, names only this chunk,
 * not the screen's long list of chunks to preload. The figures are asked for before it (routes.ts).
 */
export function loadDashboard() {
  return import('./DashboardPage');
}
