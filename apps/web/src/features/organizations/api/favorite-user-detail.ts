import { routeQuery } from '../../../lib/api-hooks';
import { memberKeys } from './keys';

export const memberDetailQuery = (memberId: string) => routeQuery(memberKeys.detail, { memberId });
