import { createTag, deleteTag, updateTag } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, useRouteMutation } from '../../../lib/api-hooks';
import { tagKeys } from './keys';

export const useTagList = (query: Record<string, unknown>) => useQuery(routeListQuery(tagKeys.list, query));

const AFTER_CHANGE = { invalidates: [tagKeys.all] };

export const useCreateTag = () => useRouteMutation(createTag, AFTER_CHANGE);
export const useUpdateTag = () => useRouteMutation(updateTag, AFTER_CHANGE);
export const useDeleteTags = () => useRouteMutation(deleteTag, AFTER_CHANGE);
