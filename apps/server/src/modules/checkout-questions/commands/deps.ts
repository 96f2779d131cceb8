import type { CheckoutQuestion } from '@marquee/contract';
import { QUESTION_MESSAGES } from '@marquee/contract';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';
import { eventTicketTypeRefs, type QuestionRow } from '../repo.js';

export interface QuestionDeps {
  db: Db;
  unitOfWork: UnitOfWork;
}

/** Who changes the questions: the caller and the event their declaration resolved (`manage`). */
export interface Organizer {
  actor: Actor;
  event: EventGrant;
}

export const AUDIT_ENTITY = 'CHECKOUT_QUESTION';

export function questionOut(row: QuestionRow): CheckoutQuestion {
  return {
    _id: row.id,
    scope: row.scope,
    type: row.type,
    label: row.label,
    helpText: row.helpText,
    choices: row.choices,
    required: row.required,
    ticketTypeIds: row.ticketTypeIds,
    position: row.position,
  };
}

/** What the audit keeps of a question. */
export const auditedQuestion = (row: QuestionRow) => {
  const { _id, ...rest } = questionOut(row);
  return { eventId: row.eventId, ...rest };
};

/** A question limited to ticket types names types of its own event (400 on `ticketTypeIds`). */
export async function checkTicketTypes(db: DbOrTx, eventId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const known = new Set((await eventTicketTypeRefs(db, eventId)).map((t) => t._id));
  if (ids.some((id) => !known.has(id)))
    throw badRequest(QUESTION_MESSAGES.unknownTicketType, [
      { field: 'ticketTypeIds', message: QUESTION_MESSAGES.unknownTicketType },
    ]);
  return [...new Set(ids)];
}

/** Choices only for the choice types: a question changed to text keeps none. */
export const choicesFor = (type: QuestionRow['type'], choices: string[]) =>
  type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE' ? choices : [];
