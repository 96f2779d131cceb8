import {
  type JoinWaitingListBody,
  WAITING_LIST_MESSAGES as M,
  type WaitingListEntryView,
} from '@marquee/contract';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError } from '../../../lib/errors.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import { enqueueEmail } from '../../messages/index.js';
import type { WaitingListDeps } from '../deps.js';
import { entryPageUrl, joinedEmail } from '../emails.js';
import { JOINED_EMAIL } from '../offering.js';
import { entryView } from '../queries/entry-view.js';
import { namesOf } from '../repo/describe.js';
import { activeEntryOf, insertEntry, positionOf } from '../repo/entries.js';
import { linesOfType } from '../repo/lines.js';

const ACTIVE_EMAIL = 'waiting_list_entries_active_email_idx';

const refuse = (status: number, field: string, message: string) =>
  new AppError(status, message, [{ field, message }]);

/**
 * join-waiting-list: a buyer waits for a sold-out ticket type on a date. Refused while seats are free
 * (they can buy them), when the event is not on sale or its list is off, and for an address already
 * in line. The answer carries the link token (only its hash is kept); the email repeats the link.
 */
export async function joinWaitingList(
  deps: WaitingListDeps,
  body: JoinWaitingListBody & { quantity: number },
  requestId: string,
): Promise<WaitingListEntryView> {
  const lines = await linesOfType(deps.db, body.eventId, body.ticketTypeId);
  if (lines.length === 0) throw refuse(400, 'ticketTypeId', M.unknownType);
  const line = body.occurrenceId
    ? lines.find((l) => l.occurrenceId === body.occurrenceId)
    : lines.length === 1
      ? lines[0]
      : undefined;
  if (!line) throw refuse(400, 'occurrenceId', M.unknownDate);
  if (!line.open) throw refuse(404, 'eventId', 'This event was not found.');
  if (!line.enabled) throw refuse(409, 'ticketTypeId', M.closed);
  // Nobody will be offered seats once sales of the type are over.
  const now = deps.clock.now().getTime();
  const over = [line.saleEndsAt, line.endsAt].some((end) => end !== null && new Date(end).getTime() <= now);
  if (over) throw refuse(409, 'ticketTypeId', M.salesOver);
  if (line.free > 0) throw refuse(409, 'ticketTypeId', M.notSoldOut);
  const access = newToken();
  const email = body.email.trim();
  const entry = await deps
    .unitOfWork(
      async (change) => {
        if (await activeEntryOf(change.tx, line.inventoryId, email))
          throw refuse(409, 'email', M.alreadyWaiting);
        const row = await insertEntry(change.tx, {
          organizationId: line.organizationId,
          eventId: line.eventId,
          occurrenceId: line.occurrenceId,
          ticketTypeId: line.ticketTypeId,
          inventoryId: line.inventoryId,
          name: body.name.trim(),
          email,
          quantity: body.quantity,
          accessTokenHash: hashToken(access),
          createdAt: change.now,
          updatedAt: change.now,
        });
        const names = await namesOf(change.tx, line.inventoryId);
        await enqueueEmail(
          change,
          joinedEmail(email, {
            eventTitle: names.eventTitle,
            ticketTypeName: names.ticketTypeName,
            timeZone: names.timeZone,
            startsAt: names.occurrenceStartsAt,
            quantity: row.quantity,
            position: (await positionOf(change.tx, row)) ?? 1,
            url: entryPageUrl(deps.publicUrl, names.eventSlug ?? row.eventId, row.id, access),
          }),
          {
            kind: JOINED_EMAIL,
            intentKey: `${JOINED_EMAIL}:${row.id}`,
            eventId: row.eventId,
            organizationId: row.organizationId,
            data: { entryId: row.id },
          },
        );
        await change.audit({
          action: 'WAITING_LIST_JOINED',
          entityType: 'WAITING_LIST_ENTRY',
          entityId: row.id,
          organizationId: row.organizationId,
          after: { status: 'WAITING', quantity: row.quantity, inventoryId: row.inventoryId },
        });
        return row;
      },
      { who: { system: 'buyer', requestId } },
    )
    // Two joins of one address at once: the unique index lets one in.
    .catch((error: unknown) => {
      if (isUniqueViolation(error, ACTIVE_EMAIL)) throw refuse(409, 'email', M.alreadyWaiting);
      throw error;
    });
  return entryView(deps.db, entry, access);
}
