import { reorderBanner } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_BANNER_CHANGE } from './keys';

export const useReorderBanner = () => useRouteMutation(reorderBanner, AFTER_BANNER_CHANGE);
