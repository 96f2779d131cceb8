import { getAdminDashboard } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const adminDashboardKeys = queryKeys('admin-dashboard', { figures: getAdminDashboard });
