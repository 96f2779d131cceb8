import { organizerPanelEventAction } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

/** Block, verify, report, archive or delete one or more events (`organizer-panel-event-action`). */
export const useEventAction = () =>
  useRouteMutation(organizerPanelEventAction, { invalidates: AFTER_EVENT_CHANGE });
