import { devOutboxList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const devOutboxKeys = queryKeys('dev-outbox', {
  list: devOutboxList,
});
