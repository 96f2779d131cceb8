import { getOutgoingMessageList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const outgoingMessageKeys = queryKeys('outgoing-messages', {
  list: getOutgoingMessageList,
});
