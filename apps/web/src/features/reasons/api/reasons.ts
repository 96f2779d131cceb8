import { createReason, deleteReason, updateReason } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, useRouteMutation } from '../../../lib/api-hooks';
import { reasonKeys } from './keys';

export const useReasonList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(reasonKeys.list, query));

const AFTER_CHANGE = { invalidates: [reasonKeys.all] };

export const useCreateReason = () => useRouteMutation(createReason, AFTER_CHANGE);
export const useUpdateReason = () => useRouteMutation(updateReason, AFTER_CHANGE);
export const useDeleteReason = () => useRouteMutation(deleteReason, AFTER_CHANGE);
