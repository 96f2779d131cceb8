import { routeQuery } from '../../../lib/api-hooks';
import { eventRefundKeys } from './keys';

/** What refunding every paid order of the event takes; `refundServiceFee` undefined = the organization's setting. */
export const eventRefundPlanQuery = (eventId: string, refundServiceFee?: boolean) =>
  routeQuery(eventRefundKeys.plan, {
    eventId,
    refundServiceFee: refundServiceFee === undefined ? undefined : refundServiceFee ? 'true' : 'false',
  });
