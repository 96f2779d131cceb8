import { eventOrdersIssueRefunds } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Refunds chosen orders of one event in full (idempotent). */
export const useIssueEventOrderRefunds = () =>
  useRouteMutation(eventOrdersIssueRefunds, { invalidates: AFTER_REFUND, idempotent: true });
