import { updateOrganizerAndScanners } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

/** `silentSuccess` when the team is saved along with the event: the event's message is the one to show. */
export const useUpdateEventTeam = (silentSuccess = false) =>
  useRouteMutation(updateOrganizerAndScanners, { invalidates: AFTER_EVENT_CHANGE, silentSuccess });
