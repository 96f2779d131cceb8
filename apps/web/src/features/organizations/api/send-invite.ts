import { sendInvite } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_TEAM_CHANGE } from './keys';

export const useSendInvite = () => useRouteMutation(sendInvite, { invalidates: AFTER_TEAM_CHANGE });
