import type { QueryOf } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { categoryKeys } from './keys';

export const useAssociableCategories = (query: QueryOf<typeof categoryKeys.associable.route>) =>
  useQuery(routeQuery(categoryKeys.associable, query));
