// The administrators' dashboard, shown by the dashboard screen to administrators.

export { adminDashboardKeys } from './api/keys';
export { AdminDashboard } from './components/AdminDashboard';
