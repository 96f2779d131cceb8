import type { PromoCodeSummary } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { Organizer, PromoCodeDeps } from '../deps.js';
import { codeOfEvent, codeWithStats, updateCode } from '../repo/codes.js';
import { auditOf, toSummary } from '../summary.js';
import { duplicateCode } from './create-promo-code.js';
import { type SettingsInput, settingsOf } from './settings.js';

/**
 * update-promo-code: orders already placed keep the discount they got. A limit below the uses held now
 * is refused by the table's CHECK (uses ≤ max_uses) with a message on the field.
 */
export function updatePromoCode(
  deps: PromoCodeDeps,
  organizer: Organizer,
  input: SettingsInput & { promoCodeId: string; code: string; maxUses?: number | null | undefined },
): Promise<PromoCodeSummary> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await codeOfEvent(change.tx, grant.event.id, input.promoCodeId, true);
    if (!before) throw notFound('The promo code');
    const settings = await settingsOf(change.tx, grant.event.id, input);
    const maxUses = input.maxUses ?? null;
    if (maxUses !== null && maxUses < before.uses) {
      const message = `This code is used ${before.uses} times already; the limit cannot be lower.`;
      throw new AppError(409, message, [{ field: 'maxUses', message }]);
    }
    const row = await updateCode(change.tx, before.id, {
      ...settings,
      code: input.code,
      maxUses,
      updatedAt: change.now,
    });
    if (!row) throw duplicateCode();
    await change.audit({
      action: 'PROMO_CODE_UPDATED',
      entityType: 'PROMO_CODE',
      entityId: row.id,
      organizationId: grant.organization.id,
      before: auditOf(before),
      after: auditOf(row),
    });
    return toSummary((await codeWithStats(change.tx, row.id)) ?? row, grant.organization.currency);
  });
}
