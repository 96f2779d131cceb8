import {
  type AnswerMap,
  type AnswerValue,
  ATTENDEE_EMAIL_KEY,
  ATTENDEE_EMAIL_QUESTION,
  checkAnswer,
  type PublicCheckoutQuestion,
  questionApplies,
} from '@marquee/contract';

/** The event as the buyer's form needs it. */
export interface AskingEvent {
  questions: readonly PublicCheckoutQuestion[];
  attendeeEmails: boolean;
  ticketTypes: readonly { _id: string; name: string }[];
}

/** What the buyer typed: the order's answers, and each ticket's by `<typeId>:<seat>` (kept when quantities change). */
export interface AnswerDraft {
  order: Record<string, AnswerValue>;
  tickets: Record<string, Record<string, AnswerValue>>;
}

export const emptyAnswers = (): AnswerDraft => ({ order: {}, tickets: {} });

type Line = { ticketTypeId: string; quantity: number };

export const ticketKey = (typeId: string, seat: number) => `${typeId}:${seat}`;

/** The questions asked once for this order (those limited to ticket types: when the order holds one). */
export function orderQuestions(event: AskingEvent, lines: readonly Line[]) {
  const typeIds = lines.map((l) => l.ticketTypeId);
  return event.questions.filter((q) => q.scope === 'ORDER' && questionApplies(q, typeIds));
}

export interface AskedTicket {
  /** The ticket's place in the order (`attendees.<index>` on the server). */
  index: number;
  key: string;
  typeName: string;
  seat: number;
  questions: PublicCheckoutQuestion[];
  email: boolean;
}

/** The tickets that have something to answer, in the order of the lines sent. */
export function askedTickets(event: AskingEvent, lines: readonly Line[]): AskedTicket[] {
  const asked: AskedTicket[] = [];
  let index = 0;
  for (const line of lines) {
    const questions = event.questions.filter(
      (q) => q.scope === 'ATTENDEE' && questionApplies(q, [line.ticketTypeId]),
    );
    const typeName = event.ticketTypes.find((t) => t._id === line.ticketTypeId)?.name ?? 'Ticket';
    for (let seat = 0; seat < line.quantity; seat += 1, index += 1) {
      if (questions.length > 0 || event.attendeeEmails)
        asked.push({
          index,
          key: ticketKey(line.ticketTypeId, seat),
          typeName,
          seat,
          questions,
          email: event.attendeeEmails,
        });
    }
  }
  return asked;
}

/** The field names the server uses: `answers.<questionId>`, `attendees.<index>.<questionId|email>`. */
export const orderField = (questionId: string) => `answers.${questionId}`;
export const ticketField = (index: number, key: string) => `attendees.${index}.${key}`;
/** An error about one answer (a bare `attendees`, about their count, is the form's). */
export const isAnswerField = (field: string) => /^(answers|attendees)\./.test(field);

/**
 * Whether an answer's error names a question this page shows: the questions may have changed since the
 * page loaded (a new required one), and such an error has no field here.
 */
export function pageShowsField(event: AskingEvent, field: string): boolean {
  const id = field.split('.').at(-1) ?? '';
  return id === ATTENDEE_EMAIL_KEY ? event.attendeeEmails : event.questions.some((q) => q._id === id);
}

/** The checks the server makes, with the contract's `checkAnswer`: errors under the server's field names. */
export function validateAnswers(
  event: AskingEvent,
  lines: readonly Line[],
  draft: AnswerDraft,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of orderQuestions(event, lines)) {
    const checked = checkAnswer(q, draft.order[q._id]);
    if (!checked.ok) errors[orderField(q._id)] = checked.message;
  }
  for (const ticket of askedTickets(event, lines)) {
    const given = draft.tickets[ticket.key] ?? {};
    if (ticket.email) {
      const checked = checkAnswer(ATTENDEE_EMAIL_QUESTION, given[ATTENDEE_EMAIL_KEY]);
      if (!checked.ok) errors[ticketField(ticket.index, ATTENDEE_EMAIL_KEY)] = checked.message;
    }
    for (const q of ticket.questions) {
      const checked = checkAnswer(q, given[q._id]);
      if (!checked.ok) errors[ticketField(ticket.index, q._id)] = checked.message;
    }
  }
  return errors;
}

/** What create-booking gets: only the questions asked, as typed (the server trims and converts). */
export function answersBody(
  event: AskingEvent,
  lines: readonly Line[],
  draft: AnswerDraft,
): { answers?: AnswerMap; attendees?: AnswerMap[] } {
  const body: { answers?: AnswerMap; attendees?: AnswerMap[] } = {};
  const asked = orderQuestions(event, lines);
  if (asked.length > 0)
    body.answers = Object.fromEntries(asked.map((q) => [q._id, draft.order[q._id] ?? null]));
  const tickets = askedTickets(event, lines);
  if (tickets.length > 0) {
    const seats = lines.reduce((sum, l) => sum + l.quantity, 0);
    const attendees: AnswerMap[] = Array.from({ length: seats }, () => ({}));
    for (const ticket of tickets) {
      const given = draft.tickets[ticket.key] ?? {};
      const keys = [...(ticket.email ? [ATTENDEE_EMAIL_KEY] : []), ...ticket.questions.map((q) => q._id)];
      attendees[ticket.index] = Object.fromEntries(keys.map((k) => [k, given[k] ?? null]));
    }
    body.attendees = attendees;
  }
  return body;
}
