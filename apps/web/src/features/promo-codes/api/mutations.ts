import {
  bulkCreatePromoCodes,
  createPromoCode,
  deletePromoCode,
  updatePromoCode,
  updatePromoCodeStatus,
} from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { promoCodeKeys } from './keys';

const invalidates = [promoCodeKeys.all];

export const useCreatePromoCode = () => useRouteMutation(createPromoCode, { invalidates });
export const useUpdatePromoCode = () => useRouteMutation(updatePromoCode, { invalidates });
export const useUpdatePromoCodeStatus = () => useRouteMutation(updatePromoCodeStatus, { invalidates });
export const useDeletePromoCode = () => useRouteMutation(deletePromoCode, { invalidates });
export const useBulkCreatePromoCodes = () => useRouteMutation(bulkCreatePromoCodes, { invalidates });
