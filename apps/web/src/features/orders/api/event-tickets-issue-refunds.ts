import { eventTicketsIssueRefunds } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Refunds chosen tickets of one event (idempotent). */
export const useIssueEventTicketRefunds = () =>
  useRouteMutation(eventTicketsIssueRefunds, { invalidates: AFTER_REFUND, idempotent: true });
