// The administrators' dashboard, shown by the dashboard screen to administrators.
import { lazy } from 'react';

export { adminDashboardKeys } from './api/keys';

/**
 * The platform's dashboard, its code loaded when it is first shown (wrap it in a Suspense boundary): an
 * organizer's dashboard never downloads it, nor do the screens that only use this feature's keys.
 */
export const AdminDashboard = /* @__PURE__ */ lazy(() =>
  import('./components/AdminDashboard').then((m) => ({ default: m.AdminDashboard })),
);
