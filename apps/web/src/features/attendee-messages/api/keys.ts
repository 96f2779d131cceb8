import {
  attendeeMessageDetail,
  attendeeMessageList,
  attendeeMessageRecipientCount,
  panelOrganizerEventDetail,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const attendeeMessageKeys = queryKeys('attendee-messages', {
  list: attendeeMessageList,
  detail: attendeeMessageDetail,
  count: attendeeMessageRecipientCount,
});

/** The event the messages are about (its dates and ticket types), read under this feature's scope. */
export const attendeeMessageRefKeys = queryKeys('attendee-message-refs', {
  event: panelOrganizerEventDetail,
});
