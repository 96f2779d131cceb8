import { type ContentKey, updateContentDetail } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { contentKeys } from './keys';

/** Every content page, for the editor. */
export const useContentList = () => useQuery(routeQuery(contentKeys.list));

/**
 * One public page (terms, privacy). It rarely changes, so it is kept for ten minutes; another page's
 * text is never shown while this one loads.
 */
export const useContentPage = (key: ContentKey) =>
  useQuery({
    ...routeQuery(contentKeys.detail, { key }),
    placeholderData: undefined,
    staleTime: 10 * 60_000,
  });

export const useSaveContent = () => useRouteMutation(updateContentDetail, { invalidates: [contentKeys.all] });
