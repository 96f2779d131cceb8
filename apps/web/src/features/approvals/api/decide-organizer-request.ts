import { decideOrganizerRequest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_DECISION } from './keys';

export const useDecideOrganizerRequest = () => useRouteMutation(decideOrganizerRequest, AFTER_DECISION);
