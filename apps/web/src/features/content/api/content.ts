import { type ContentKey, updateContentDetail } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { contentKeys } from './keys';

/** Every content page, for the editor. */
export const useContentList = () => useQuery(routeQuery(contentKeys.list));

/**
 * One public page (terms, privacy). It rarely changes, so it is kept for ten minutes.
 */
export const useContentPage = (key: ContentKey) =>
  useQuery({
    ...routeQuery(contentKeys.detail, { key }),
    staleTime: 10 * 60_000,
  });

export const useSaveContent = () => useRouteMutation(updateContentDetail, { invalidates: [contentKeys.all] });
