import type { DraftInput, EventRole } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { AUTHORING_MESSAGES } from '../authoring-messages.js';
import { checkEventOrRefuse, type RuleContext } from '../authoring-rules.js';
import { loadEventDetail } from '../queries/event-detail.js';
import { lockEvent, storedRefs } from '../repo/authoring.js';
import { writeEvent } from '../repo/event-writer.js';
import type { EventRow } from '../repo/rows.js';
import type { EventsDeps } from './deps.js';

/**
 * save-as-draft: a new draft, or saved over the draft `eventId`. The route resolved the organization
 * (manage); a draft saved over must be one of that organization's: the owner or an administrator of
 * it may manage all its events, and a draft of any other organization is not found (nothing is said
 * about it).
 */
export function saveDraft(
  deps: EventsDeps,
  who: Who,
  organizationGrant: OrganizationGrant,
  input: z.output<typeof DraftInput>,
) {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now, audit } = change;
      const { eventId, kind, ...values } = input;
      let before: EventRow | null = null;
      // The event before its organization, in the order a publish takes them.
      if (eventId) {
        before = await lockEvent(change, eventId);
        if (!before || before.organizationId !== organizationGrant.organization.id) {
          throw notFound('The event');
        }
      }
      const grant = await confirmOrganizationGrant(tx, who.actor, organizationGrant, 'manage');
      const { organization } = grant;
      const role: EventRole = grant.role === 'OWNER' ? 'OWNER' : 'ADMIN';
      if (before && before.status !== 'DRAFT') throw conflict(AUTHORING_MESSAGES.notDraft);
      const stored: RuleContext['stored'] = before ? await storedRefs(tx, before.id) : null;
      const checked = await checkEventOrRefuse(tx, values, {
        kind,
        mode: 'draft',
        organization,
        now,
        stored,
        imageLimit: deps.config.imageLimit,
      });
      const event = await writeEvent(tx, before, {
        organizationId: organization.id,
        kind,
        values,
        location: checked.location,
        classBookingMode: checked.classBookingMode,
        createdBy: who.actor.user.id,
        now,
      });
      await audit({
        action: 'EVENT_DRAFT_SAVED',
        entityType: EVENT_ENTITY,
        entityId: event.id,
        organizationId: organization.id,
        before,
        after: event,
      });
      return loadEventDetail(tx, event, organization, role);
    },
    { who },
  );
}
