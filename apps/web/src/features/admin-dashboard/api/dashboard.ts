import type { AdminDashboardQuery } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { adminDashboardKeys } from './keys';

/** The platform figures; a custom period waits until both of its days are chosen. */
export const useAdminDashboard = (query: AdminDashboardQuery) =>
  useQuery({
    ...routeQuery(adminDashboardKeys.figures, query),
    enabled: query.period !== 'CUSTOM' || (!!query.from && !!query.to),
  });
