import {
  type AttendeeAudienceKind,
  AUDIENCE_LABELS,
  ATTENDEE_MESSAGE_MESSAGES as M,
} from '@marquee/contract';
import { formatDayDate, formatTime } from '@marquee/time';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { StoredAudience } from './repo.js';
import { occurrenceOfEvent, ticketTypesOfEvent } from './repo.js';

export interface AudienceInput {
  audience: AttendeeAudienceKind;
  occurrenceId?: string | undefined;
  ticketTypeIds?: readonly string[] | undefined;
  bookingIds?: readonly string[] | undefined;
}

export interface ResolvedAudience {
  stored: StoredAudience;
  /** In words, for the history: the date in the event's zone, the ticket types by name. */
  label: string;
}

const unique = (ids: readonly string[] | undefined) => [
  ...new Set((ids ?? []).map((id) => id.toLowerCase())),
];

/** Comma-separated ids of a query string as a list. */
export const splitIds = (text: string | undefined) => (text ? text.split(',').filter(Boolean) : undefined);

/**
 * The audience checked against the event: its date and ticket types must be the event's (400 on the
 * field otherwise). Chosen orders of another event, or not confirmed, simply reach nobody.
 */
export async function resolveAudience(
  db: DbOrTx,
  event: { id: string; timeZone: string | null },
  input: AudienceInput,
): Promise<ResolvedAudience> {
  switch (input.audience) {
    case 'ALL':
      return { stored: { kind: 'ALL' }, label: AUDIENCE_LABELS.ALL };
    case 'OCCURRENCE': {
      const occurrence = input.occurrenceId
        ? await occurrenceOfEvent(db, event.id, input.occurrenceId)
        : null;
      if (!occurrence) throw badRequest(M.unknownDate, [{ field: 'occurrenceId', message: M.unknownDate }]);
      const zone = event.timeZone ?? 'UTC';
      return {
        stored: { kind: 'OCCURRENCE', occurrenceId: occurrence.id },
        label: `Date: ${formatDayDate(occurrence.startsAt, zone)} at ${formatTime(occurrence.startsAt, zone)} (${zone})`,
      };
    }
    case 'TICKET_TYPES': {
      const ids = unique(input.ticketTypeIds);
      const types = await ticketTypesOfEvent(db, event.id, ids);
      if (types.length !== ids.length || ids.length === 0)
        throw badRequest(M.unknownTicketType, [{ field: 'ticketTypeIds', message: M.unknownTicketType }]);
      return {
        stored: { kind: 'TICKET_TYPES', ticketTypeIds: types.map((t) => t.id) },
        label: `Ticket types: ${types.map((t) => t.name).join(', ')}`,
      };
    }
    case 'ORDERS': {
      const ids = unique(input.bookingIds);
      if (ids.length === 0)
        throw badRequest(M.chooseOrders, [{ field: 'bookingIds', message: M.chooseOrders }]);
      return {
        stored: { kind: 'ORDERS', bookingIds: ids },
        label: `${ids.length} chosen order${ids.length === 1 ? '' : 's'}`,
      };
    }
  }
}
