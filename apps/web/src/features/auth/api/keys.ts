import { getUserDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const sessionKeys = queryKeys('session', {
  profile: getUserDetail,
});
