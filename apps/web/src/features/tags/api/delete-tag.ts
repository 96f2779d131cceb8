import { deleteTag } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TAG_CHANGE } from './keys';

export const useDeleteTags = () => useRouteMutation(deleteTag, AFTER_TAG_CHANGE);
