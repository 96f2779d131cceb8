import { confirmEventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import type { Organizer, PromoCodeDeps } from '../deps.js';
import { codeOfEvent, deleteCode } from '../repo/codes.js';
import { auditOf } from '../summary.js';

/**
 * delete-promo-code: orders keep the code's text and the discount they got (their reference to the code
 * is cleared by the foreign key); an order still held can finish at its price.
 */
export function deletePromoCode(
  deps: PromoCodeDeps,
  organizer: Organizer,
  promoCodeId: string,
): Promise<null> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await codeOfEvent(change.tx, grant.event.id, promoCodeId, true);
    if (!before) throw notFound('The promo code');
    await deleteCode(change.tx, before.id);
    await change.audit({
      action: 'PROMO_CODE_DELETED',
      entityType: 'PROMO_CODE',
      entityId: before.id,
      organizationId: grant.organization.id,
      before: { eventId: grant.event.id, ...auditOf(before), uses: before.uses },
    });
    return null;
  });
}
