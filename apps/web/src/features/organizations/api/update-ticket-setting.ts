import { updateTicketSetting } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useUpdateTicketSetting = () =>
  useRouteMutation(updateTicketSetting, { invalidates: ORGANIZATION_KEYS });
