import { decideNonProfitRequest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_DECISION } from './keys';

export const useDecideNonProfitRequest = () => useRouteMutation(decideNonProfitRequest, AFTER_DECISION);
