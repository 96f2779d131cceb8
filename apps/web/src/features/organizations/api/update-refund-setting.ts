import { updateRefundSetting } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const useUpdateRefundSetting = () =>
  useRouteMutation(updateRefundSetting, { invalidates: [organizationKeys.all] });
