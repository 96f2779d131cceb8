import {
  createBanner,
  deleteBanner,
  reorderBanner,
  updateBanner,
  updateBannerStatus,
} from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { bannerKeys } from './keys';

export const useBannerList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(bannerKeys.list, query));

/** One banner to edit; nothing is asked while `bannerId` is undefined (a new banner). */
export const useBannerDetail = (bannerId: string | undefined) =>
  useQuery({ ...routeQuery(bannerKeys.detail, { bannerId: bannerId ?? '' }), enabled: !!bannerId });

const AFTER_CHANGE = { invalidates: [bannerKeys.all] };

export const useCreateBanner = () => useRouteMutation(createBanner, AFTER_CHANGE);
export const useUpdateBanner = () => useRouteMutation(updateBanner, AFTER_CHANGE);
export const useSetBannerStatus = () => useRouteMutation(updateBannerStatus, AFTER_CHANGE);
export const useReorderBanner = () => useRouteMutation(reorderBanner, AFTER_CHANGE);
export const useDeleteBanner = () => useRouteMutation(deleteBanner, AFTER_CHANGE);
