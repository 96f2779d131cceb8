import { cancelEvent } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

export const useCancelEvent = () => useRouteMutation(cancelEvent, { invalidates: AFTER_EVENT_CHANGE });
