import { updateContentDetail } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { contentKeys } from './keys';

export const useSaveContent = () => useRouteMutation(updateContentDetail, { invalidates: [contentKeys.all] });
