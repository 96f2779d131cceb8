import { issueRefunds } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Refunds chosen orders in full (idempotent: a retry of the same confirmation refunds nothing twice). */
export const useIssueRefunds = () =>
  useRouteMutation(issueRefunds, { invalidates: AFTER_REFUND, idempotent: true });
