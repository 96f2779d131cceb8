import { createTag } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TAG_CHANGE } from './keys';

export const useCreateTag = () => useRouteMutation(createTag, AFTER_TAG_CHANGE);
