import { retryOutgoingMessage } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { auditLogKeys } from '../../audit-log';
import { outgoingMessageKeys } from './keys';

/** A retry changes the message's row in the list and writes an audit entry. */
export const useRetryOutgoingMessage = () =>
  useRouteMutation(retryOutgoingMessage, { invalidates: [outgoingMessageKeys.all, auditLogKeys.all] });
