import { routeQuery } from '../../../lib/api-hooks';
import { refundKeys } from './keys';

export const declineReasonsQuery = () => routeQuery(refundKeys.reasons, { kind: 'REFUND_DECLINE' });
