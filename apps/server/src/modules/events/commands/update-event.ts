import { type EventKind, MESSAGES, type UpdateEventInput } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { AUTHORING_MESSAGES, editable, refuse, titleKey } from '../authoring-messages.js';
import { checkEventOrRefuse } from '../authoring-rules.js';
import { slugChanges } from '../event-slug.js';
import { loadEventDetail } from '../queries/event-detail.js';
import { storedRefs } from '../repo/authoring.js';
import { occurrenceTimes } from '../repo/date-changes.js';
import { writeEvent } from '../repo/event-writer.js';
import { claimSlug } from '../repo/slugs.js';
import { enqueueDateChangeEmails } from './date-change-emails.js';
import type { EventsDeps } from './deps.js';
import { refuseDuplicateTitle } from './duplicate-title.js';

/** update-single-event, update-multi-event, update-class-creator. */
export function updateEvent(
  deps: EventsDeps,
  who: Who,
  eventGrant: EventGrant,
  kind: EventKind,
  input: z.output<typeof UpdateEventInput>,
) {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now, audit } = change;
      const grant = await confirmEventGrant(tx, who.actor, eventGrant, 'manage');
      const before = grant.event;
      if (before.kind !== kind) throw conflict(AUTHORING_MESSAGES.wrongKind(before.kind));
      if (!editable(before, now)) throw conflict(MESSAGES.eventNotEditable);
      if (input.organizationId !== before.organizationId) {
        throw refuse([{ field: 'organizationId', message: AUTHORING_MESSAGES.otherOrganization }]);
      }
      const stored = await storedRefs(tx, before.id);
      // A published date that already started may stay as it was; a draft's dates must lie ahead.
      stored.startedMayStay = before.status === 'PUBLISHED';
      const checked = await checkEventOrRefuse(tx, input, {
        kind,
        mode: 'publish',
        organization: grant.organization,
        now,
        stored,
        imageLimit: deps.config.imageLimit,
      });
      const titleChanged = titleKey(before.title) !== titleKey(input.title);
      if (before.status === 'PUBLISHED' && titleChanged) {
        await refuseDuplicateTitle(tx, before.organizationId, input.title, before.id);
      }
      // A published event's dates as they were, to tell its buyers which moved.
      const datesBefore = before.status === 'PUBLISHED' ? await occurrenceTimes(tx, before.id) : null;
      const event = await writeEvent(tx, before, {
        organizationId: before.organizationId,
        kind,
        values: input,
        location: checked.location,
        classBookingMode: checked.classBookingMode,
        createdBy: who.actor.user.id,
        now,
      });
      // A published event's address follows its title; the old one keeps leading here (event_slugs).
      if (slugChanges(before.slug, before.title, event.title)) {
        event.slug = await claimSlug(tx, event.id, event.title);
      }
      if (datesBefore) {
        await enqueueDateChangeEmails(
          change,
          event,
          datesBefore,
          await occurrenceTimes(tx, event.id),
          deps.config.publicUrl,
        );
      }
      await audit({
        action: 'EVENT_UPDATED',
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
