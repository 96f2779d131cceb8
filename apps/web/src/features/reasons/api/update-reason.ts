import { updateReason } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REASON_CHANGE } from './keys';

export const useUpdateReason = () => useRouteMutation(updateReason, AFTER_REASON_CHANGE);
