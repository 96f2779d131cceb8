import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { contentKeys } from './keys';

/** Every content page, for the editor. */
export const useContentList = () => useQuery(routeQuery(contentKeys.list));
