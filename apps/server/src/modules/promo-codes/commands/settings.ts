import { PROMO_CODE_MESSAGES } from '@marquee/contract';
import type { Tx } from '../../../db/client.js';
import { badRequest } from '../../../lib/errors.js';
import type { PromoCodeValues } from '../repo/codes.js';
import { eventScope } from '../repo/scope.js';

/** The settings a code and a bulk creation share, as the contract parsed them. */
export interface SettingsInput {
  kind: 'PERCENT' | 'FIXED' | 'REVEAL';
  amount: number;
  ticketTypeIds: string[];
  occurrenceIds: string[];
  validFrom?: string | null | undefined;
  validUntil?: string | null | undefined;
  maxUsesPerBuyer?: number | null | undefined;
  status: 'ACTIVE' | 'PAUSED';
}

/** Checks the scope against the event and turns the input into the row's values. */
export async function settingsOf(tx: Tx, eventId: string, input: SettingsInput) {
  const scope = await eventScope(tx, eventId);
  const errors: { field: string; message: string }[] = [];
  input.ticketTypeIds.forEach((id, i) => {
    if (!scope.typeIds.has(id))
      errors.push({ field: `ticketTypeIds.${i}`, message: PROMO_CODE_MESSAGES.typeNotOfEvent });
  });
  input.occurrenceIds.forEach((id, i) => {
    if (!scope.dateIds.has(id))
      errors.push({ field: `occurrenceIds.${i}`, message: PROMO_CODE_MESSAGES.dateNotOfEvent });
  });
  if (errors.length > 0) throw badRequest(errors[0]?.message ?? '', errors);
  return {
    kind: input.kind,
    amount: input.kind === 'REVEAL' ? 0 : input.amount,
    ticketTypeIds: [...new Set(input.ticketTypeIds)],
    occurrenceIds: [...new Set(input.occurrenceIds)],
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    maxUsesPerBuyer: input.maxUsesPerBuyer ?? null,
    status: input.status,
  } satisfies Partial<PromoCodeValues>;
}
