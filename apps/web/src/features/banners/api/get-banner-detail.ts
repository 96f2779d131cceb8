import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { bannerKeys } from './keys';

/** One banner to edit; nothing is asked while `bannerId` is undefined (a new banner). */
export const useBannerDetail = (bannerId: string | undefined) =>
  useQuery({ ...routeQuery(bannerKeys.detail, { bannerId: bannerId ?? '' }), enabled: !!bannerId });
