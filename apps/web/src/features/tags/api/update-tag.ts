import { updateTag } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TAG_CHANGE } from './keys';

export const useUpdateTag = () => useRouteMutation(updateTag, AFTER_TAG_CHANGE);
