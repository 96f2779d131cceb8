import { updateTicketSetting } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const useUpdateTicketSetting = () =>
  useRouteMutation(updateTicketSetting, { invalidates: [organizationKeys.all] });
