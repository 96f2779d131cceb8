import { createBanner } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_BANNER_CHANGE } from './keys';

export const useCreateBanner = () => useRouteMutation(createBanner, AFTER_BANNER_CHANGE);
