import { favoriteUserDetail } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const memberDetailQuery = (memberId: string) => routeQuery(favoriteUserDetail, { memberId });
