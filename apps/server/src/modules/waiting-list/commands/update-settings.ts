import type { WaitingListSettings, WaitingListSummary } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import type { Organizer, WaitingListDeps } from '../deps.js';
import { offerKeptSeats } from '../offering.js';
import { waitingListSummary } from '../queries/summary.js';
import { linesWithPoolOf, saveSettings, settingsOf } from '../repo/settings.js';

/**
 * update-waiting-list-settings: the switch and the offer period. Turned off, nobody new can join and
 * seats kept for the list go back to sale; offers already made keep their seats until their deadline.
 * A new period applies to offers made from now on.
 */
export async function updateWaitingListSettings(
  deps: WaitingListDeps,
  organizer: Organizer,
  settings: WaitingListSettings,
): Promise<WaitingListSummary> {
  const eventId = organizer.event.event.id;
  await deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await settingsOf(change.tx, eventId);
    await saveSettings(change.tx, eventId, settings, change.now);
    if (!settings.enabled) {
      for (const inventoryId of await linesWithPoolOf(change.tx, eventId)) {
        await offerKeptSeats(change, deps.publicUrl, inventoryId);
      }
    }
    await change.audit({
      action: 'WAITING_LIST_SETTINGS_UPDATED',
      entityType: 'EVENT',
      entityId: eventId,
      organizationId: grant.organization.id,
      before,
      after: settings,
    });
  });
  return waitingListSummary(deps.db, eventId);
}
