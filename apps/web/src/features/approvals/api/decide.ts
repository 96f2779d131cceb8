import { useDecideNonProfitRequest } from './decide-non-profit-request';
import { useDecideOrganizerRequest } from './decide-organizer-request';
import type { ApprovalKind } from './keys';

/** The decision call of a queue (both take `{ userId, decision, reason? }`). */
export function useDecide(kind: ApprovalKind) {
  const organizer = useDecideOrganizerRequest();
  const nonProfit = useDecideNonProfitRequest();
  return kind === 'ORGANIZER' ? organizer : nonProfit;
}
