import { updateRefundSetting } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useUpdateRefundSetting = () =>
  useRouteMutation(updateRefundSetting, { invalidates: ORGANIZATION_KEYS });
