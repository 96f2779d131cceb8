import { createDashboardLink } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

export const useCreateDashboardLink = () =>
  useRouteMutation(createDashboardLink, { invalidates: [], silentSuccess: true });
