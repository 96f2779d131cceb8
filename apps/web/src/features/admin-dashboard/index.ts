// The administrators' dashboard, shown by the dashboard screen to administrators.

export { AdminDashboard } from './components/AdminDashboard';
