import { getBannerDetail, getBannerList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const bannerKeys = queryKeys('banners', {
  list: getBannerList,
  detail: getBannerDetail,
});

export const AFTER_BANNER_CHANGE = { invalidates: [bannerKeys.all] };
