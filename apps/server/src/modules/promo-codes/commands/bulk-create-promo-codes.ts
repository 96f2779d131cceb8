import { randomBytes, randomUUID } from 'node:crypto';
import { confirmEventGrant } from '../../../lib/access/index.js';
import type { Organizer, PromoCodeDeps } from '../deps.js';
import { insertCodes } from '../repo/codes.js';
import { type SettingsInput, settingsOf } from './settings.js';

/** No 0/O or 1/I: codes are read off paper and typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function suffix(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * bulk-create-promo-codes: `count` single-use codes (the prefix and 8 random characters) with the same
 * settings and one batch id, in one unit of work with one audit entry. A random clash with an existing
 * code is skipped by the insert and drawn again.
 */
export function bulkCreatePromoCodes(
  deps: PromoCodeDeps,
  organizer: Organizer,
  input: SettingsInput & { prefix: string; count: number },
): Promise<{ batchId: string; count: number; codes: string[] }> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const settings = await settingsOf(change.tx, grant.event.id, input);
    const batchId = randomUUID();
    const codes: string[] = [];
    for (let round = 0; codes.length < input.count && round < 5; round++) {
      const wanted = new Set<string>();
      while (wanted.size < input.count - codes.length) wanted.add(`${input.prefix}${suffix()}`);
      const rows = await insertCodes(
        change.tx,
        [...wanted].map((code) => ({
          ...settings,
          eventId: grant.event.id,
          organizationId: grant.organization.id,
          code,
          maxUses: 1,
          batchId,
          createdAt: change.now,
          updatedAt: change.now,
        })),
      );
      codes.push(...rows.map((r) => r.code));
    }
    await change.audit({
      action: 'PROMO_CODES_BULK_CREATED',
      entityType: 'EVENT',
      entityId: grant.event.id,
      organizationId: grant.organization.id,
      after: {
        batchId,
        count: codes.length,
        prefix: input.prefix,
        kind: settings.kind,
        amount: settings.amount,
      },
    });
    return { batchId, count: codes.length, codes: codes.sort() };
  });
}
