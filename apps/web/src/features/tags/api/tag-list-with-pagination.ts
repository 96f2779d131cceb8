import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { tagKeys } from './keys';

export const useTagList = (query: Record<string, unknown>) => useQuery(routeListQuery(tagKeys.list, query));
