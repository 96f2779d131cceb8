import { EventInput } from '@marquee/contract';
import type { Who } from '../../../db/audit.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { AUTHORING_MESSAGES, refuse } from '../authoring-messages.js';
import { checkEventOrRefuse } from '../authoring-rules.js';
import { loadEventDetail } from '../queries/event-detail.js';
import { lockOrganization, publishEvent, setResolvedPlace, storedInput } from '../repo/authoring.js';
import { refreshEventTimes, syncInventory } from '../repo/event-writer.js';
import type { EventsDeps } from './deps.js';
import { refuseDuplicateTitle } from './duplicate-title.js';

/** remove-from-draft: the stored draft checked as a whole, exactly as a create is, then published. */
export function publishDraft(deps: EventsDeps, who: Who, eventGrant: EventGrant) {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now, audit } = change;
      const grant = await confirmEventGrant(tx, who.actor, eventGrant, 'manage');
      const before = grant.event;
      if (before.status !== 'DRAFT') throw conflict(AUTHORING_MESSAGES.alreadyPublished);
      // The organization row is held as a create holds it, so no other publish of this title races.
      // Only locked, not checked: the draft's event organizer may publish it without managing the
      // organization (the event grant above is the access check).
      await lockOrganization(change, before.organizationId);
      const parsed = EventInput.safeParse(await storedInput(tx, before));
      if (!parsed.success) {
        throw refuse(
          parsed.error.issues.map((issue) => ({
            field: issue.path.map(String).join('.') || 'body',
            message: issue.message,
          })),
        );
      }
      const checked = await checkEventOrRefuse(tx, parsed.data, {
        kind: before.kind,
        mode: 'publish',
        organization: grant.organization,
        now,
        stored: null,
        imageLimit: deps.config.imageLimit,
      });
      await refuseDuplicateTitle(tx, before.organizationId, before.title, before.id);
      // The zone may have been found from coordinates only now, and the class mode may have moved.
      await setResolvedPlace(tx, before.id, {
        timeZone: checked.location.timeZone,
        classBookingMode: checked.classBookingMode,
      });
      const course = before.kind === 'CLASS' && checked.classBookingMode === 'COURSE';
      await syncInventory(tx, before.id, course, () => 'ticketTypes');
      await refreshEventTimes(tx, before.id);
      const event = await publishEvent(change, before.id);
      if (!event) throw conflict(AUTHORING_MESSAGES.alreadyPublished);
      await audit({
        action: 'EVENT_PUBLISHED',
        entityType: EVENT_ENTITY,
        entityId: event.id,
        organizationId: event.organizationId,
        before,
        after: event,
      });
      return loadEventDetail(tx, event, grant.organization, grant.role);
    },
    { who },
  );
}
