import { socialLoginProviders } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const socialKeys = queryKeys('social', {
  providers: socialLoginProviders,
});
