import { createReason } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REASON_CHANGE } from './keys';

export const useCreateReason = () => useRouteMutation(createReason, AFTER_REASON_CHANGE);
