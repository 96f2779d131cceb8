import { unlinkUserFromEvent } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

export const useUnlinkEventMember = () =>
  useRouteMutation(unlinkUserFromEvent, { invalidates: AFTER_EVENT_CHANGE });
