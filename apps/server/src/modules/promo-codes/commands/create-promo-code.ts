import { PROMO_CODE_MESSAGES, type PromoCodeSummary } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { AppError } from '../../../lib/errors.js';
import type { Organizer, PromoCodeDeps } from '../deps.js';
import { insertCodes } from '../repo/codes.js';
import { auditOf, toSummary } from '../summary.js';
import { type SettingsInput, settingsOf } from './settings.js';

export const duplicateCode = () =>
  new AppError(409, PROMO_CODE_MESSAGES.duplicate, [
    { field: 'code', message: PROMO_CODE_MESSAGES.duplicate },
  ]);

/** create-promo-code: one code of the event, audited. */
export function createPromoCode(
  deps: PromoCodeDeps,
  organizer: Organizer,
  input: SettingsInput & { code: string; maxUses?: number | null | undefined },
): Promise<PromoCodeSummary> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const settings = await settingsOf(change.tx, grant.event.id, input);
    const [row] = await insertCodes(change.tx, [
      {
        ...settings,
        eventId: grant.event.id,
        organizationId: grant.organization.id,
        code: input.code,
        maxUses: input.maxUses ?? null,
        createdAt: change.now,
        updatedAt: change.now,
      },
    ]);
    if (!row) throw duplicateCode();
    await change.audit({
      action: 'PROMO_CODE_CREATED',
      entityType: 'PROMO_CODE',
      entityId: row.id,
      organizationId: grant.organization.id,
      after: { eventId: grant.event.id, ...auditOf(row) },
    });
    return toSummary(row, grant.organization.currency);
  });
}
