import { createOrganizerAccount } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { organizationKeys, payoutKeys } from './keys';

/** Starts payout onboarding; the caller sends the browser to the answered link. */
export const useCreateOrganizerAccount = () =>
  useRouteMutation(createOrganizerAccount, {
    invalidates: [payoutKeys.all, organizationKeys.all],
    silentSuccess: true,
  });
