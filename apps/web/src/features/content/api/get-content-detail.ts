import type { ContentKey } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { contentKeys } from './keys';

/**
 * One public page (terms, privacy). It rarely changes, so it is kept for ten minutes.
 */
export const useContentPage = (key: ContentKey) =>
  useQuery({
    ...routeQuery(contentKeys.detail, { key }),
    staleTime: 10 * 60_000,
  });
