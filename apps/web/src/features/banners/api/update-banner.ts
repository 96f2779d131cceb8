import { updateBanner } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_BANNER_CHANGE } from './keys';

export const useUpdateBanner = () => useRouteMutation(updateBanner, AFTER_BANNER_CHANGE);
