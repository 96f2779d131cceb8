import type { PromoCodeSummary } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import type { Organizer, PromoCodeDeps } from '../deps.js';
import { codeOfEvent, codeWithStats, updateCode } from '../repo/codes.js';
import { toSummary } from '../summary.js';

/** update-promo-code-status: pause a code (checkout refuses it) or resume it. */
export function updatePromoCodeStatus(
  deps: PromoCodeDeps,
  organizer: Organizer,
  input: { promoCodeId: string; status: 'ACTIVE' | 'PAUSED' },
): Promise<PromoCodeSummary> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await codeOfEvent(change.tx, grant.event.id, input.promoCodeId, true);
    if (!before) throw notFound('The promo code');
    await updateCode(change.tx, before.id, { status: input.status, updatedAt: change.now });
    await change.audit({
      action: input.status === 'PAUSED' ? 'PROMO_CODE_PAUSED' : 'PROMO_CODE_RESUMED',
      entityType: 'PROMO_CODE',
      entityId: before.id,
      organizationId: grant.organization.id,
      before: { status: before.status },
      after: { status: input.status },
    });
    const row = await codeWithStats(change.tx, before.id);
    if (!row) throw notFound('The promo code');
    return toSummary(row, grant.organization.currency);
  });
}
