import { deleteBanner } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_BANNER_CHANGE } from './keys';

export const useDeleteBanner = () => useRouteMutation(deleteBanner, AFTER_BANNER_CHANGE);
