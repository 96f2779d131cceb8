import type { EventInput, EventKind } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { AUTHORING_MESSAGES } from '../authoring-messages.js';
import { checkEventOrRefuse } from '../authoring-rules.js';
import { loadEventDetail } from '../queries/event-detail.js';
import { publishEvent } from '../repo/authoring.js';
import { writeEvent } from '../repo/event-writer.js';
import type { EventsDeps } from './deps.js';
import { refuseDuplicateTitle } from './duplicate-title.js';

/**
 * create-single-event, create-multiple-event, create-class-creator: one path for the three kinds. The
 * event is written as a draft and published in the same change, so it is checked as a publish is.
 */
export function createEvent(
  deps: EventsDeps,
  who: Who,
  grant: OrganizationGrant,
  kind: EventKind,
  input: z.output<typeof EventInput>,
) {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now, audit } = change;
      // The organization row is held: two publishes of one title cannot both pass the check.
      const { organization, role } = await confirmOrganizationGrant(tx, who.actor, grant, 'manage');
      const checked = await checkEventOrRefuse(tx, input, {
        kind,
        mode: 'publish',
        organization,
        now,
        stored: null,
        imageLimit: deps.config.imageLimit,
      });
      await refuseDuplicateTitle(tx, organization.id, input.title);
      const written = await writeEvent(tx, null, {
        organizationId: organization.id,
        kind,
        values: input,
        location: checked.location,
        classBookingMode: checked.classBookingMode,
        createdBy: who.actor.user.id,
        now,
      });
      const event = await publishEvent(change, written.id);
      if (!event) throw conflict(AUTHORING_MESSAGES.alreadyPublished);
      await audit({
        action: 'EVENT_CREATED',
        entityType: EVENT_ENTITY,
        entityId: event.id,
        organizationId: organization.id,
        after: event,
      });
      return loadEventDetail(tx, event, organization, role === 'OWNER' ? 'OWNER' : 'ADMIN');
    },
    { who },
  );
}
