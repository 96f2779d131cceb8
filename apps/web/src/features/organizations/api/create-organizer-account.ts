import { createOrganizerAccount } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

/** Starts payout onboarding; the caller sends the browser to the answered link. */
export const useCreateOrganizerAccount = () =>
  useRouteMutation(createOrganizerAccount, { invalidates: ORGANIZATION_KEYS, silentSuccess: true });
