import { sendInvite } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useSendInvite = () => useRouteMutation(sendInvite, { invalidates: ORGANIZATION_KEYS });
