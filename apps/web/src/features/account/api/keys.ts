import { checkResetLink, checkUsername } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const accountKeys = queryKeys('account', {
  usernameCheck: checkUsername,
  resetLink: checkResetLink,
});
