import { deleteReason } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REASON_CHANGE } from './keys';

export const useDeleteReason = () => useRouteMutation(deleteReason, AFTER_REASON_CHANGE);
