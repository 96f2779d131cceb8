import { updateBannerStatus } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_BANNER_CHANGE } from './keys';

export const useSetBannerStatus = () => useRouteMutation(updateBannerStatus, AFTER_BANNER_CHANGE);
