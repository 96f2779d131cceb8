import { createDashboardLink } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/** A one-time link to the payment provider's dashboard of the organization's payout account. */
export const useDashboardLink = () =>
  useRouteMutation(createDashboardLink, { invalidates: [], silentSuccess: true });
