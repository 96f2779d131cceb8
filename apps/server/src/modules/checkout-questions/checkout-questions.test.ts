import * as c from '@marquee/contract';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest } from '../../../test/checkout-fixtures.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { type EventWorld, eventWorld, makeFreeEntry } from '../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import { auditLog, checkoutAnswers, checkoutQuestions, tickets } from '../../db/schema/index.js';

const clock = manualClock(new Date());
let t: TestApp;
let w: EventWorld;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await eventWorld(t);
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t?.close();
});

/** A published event of the world with two free ticket types (orders confirm at once, tickets issued). */
async function freeEvent() {
  const made = await w.event({ ticketTypes: 2 });
  await makeFreeEntry(t.db, made, 0);
  await makeFreeEntry(t.db, made, 1);
  return made;
}

const ask = (token: string, body: c.CreateCheckoutQuestionBody) =>
  call(t, c.createCheckoutQuestion, { token, body });

const fieldsOf = (answer: { error: c.ApiError | null }) =>
  Object.fromEntries((answer.error?.errors ?? []).map((e) => [e.field, e.message]));

describe('the organizer’s questions', () => {
  it('adds, lists in order, reorders, changes and deletes questions, each audited', async () => {
    const made = await freeEvent();
    const eventId = made.event.id;
    const diet = await ask(w.organizer.token, {
      eventId,
      scope: 'ATTENDEE',
      type: 'SINGLE_CHOICE',
      label: 'Dietary needs',
      choices: ['None', 'Vegetarian', 'Vegan'],
      required: true,
    });
    expect(diet.status).toBe(200);
    const phone = await ask(w.owner.token, { eventId, scope: 'ORDER', type: 'PHONE', label: 'Phone' });
    expect(phone.status).toBe(200);
    expect([diet.body.result.position, phone.body.result.position]).toEqual([0, 1]);

    const reordered = await call(t, c.reorderCheckoutQuestions, {
      token: w.organizer.token,
      body: { eventId, questionIds: [phone.body.result._id, diet.body.result._id] },
    });
    expect(reordered.status).toBe(200);
    const list = await call(t, c.checkoutQuestionList, { token: w.organizer.token, query: { eventId } });
    expect(list.body.result.questions.map((q) => q.label)).toEqual(['Phone', 'Dietary needs']);
    expect(list.body.result.ticketTypes).toHaveLength(2);

    // Leaving one out is refused: a list read before someone else's add would drop it.
    const partial = await call(t, c.reorderCheckoutQuestions, {
      token: w.organizer.token,
      body: { eventId, questionIds: [phone.body.result._id] },
    });
    expect(partial.status).toBe(400);
    expect(fieldsOf(partial)).toHaveProperty('questionIds');

    const changed = await call(t, c.updateCheckoutQuestion, {
      token: w.organizer.token,
      body: {
        eventId,
        questionId: phone.body.result._id,
        scope: 'ORDER',
        type: 'PHONE',
        label: 'Mobile phone',
        required: true,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.result).toMatchObject({ label: 'Mobile phone', required: true });

    const deleted = await call(t, c.deleteCheckoutQuestion, {
      token: w.organizer.token,
      body: { eventId, questionId: phone.body.result._id },
    });
    expect(deleted.status).toBe(200);
    const after = await call(t, c.checkoutQuestionList, { token: w.organizer.token, query: { eventId } });
    expect(after.body.result.questions.map((q) => q.label)).toEqual(['Dietary needs']);

    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, phone.body.result._id))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'CHECKOUT_QUESTION_CREATED',
        'CHECKOUT_QUESTION_UPDATED',
        'CHECKOUT_QUESTION_DELETED',
      ]),
    );
  });

  it('refuses choices a choice question needs, and ticket types of another event, on the field', async () => {
    const made = await freeEvent();
    const other = await w.event();
    const noChoices = await ask(w.owner.token, {
      eventId: made.event.id,
      scope: 'ORDER',
      type: 'MULTIPLE_CHOICE',
      label: 'Workshops',
      choices: ['Only one'],
    });
    expect(noChoices.status).toBe(400);
    expect(fieldsOf(noChoices).choices).toBe(c.QUESTION_MESSAGES.choicesNeeded);
    const foreignType = await ask(w.owner.token, {
      eventId: made.event.id,
      scope: 'ORDER',
      type: 'SHORT_TEXT',
      label: 'Company',
      ticketTypeIds: [other.ticketTypes[0]?.id ?? ''],
    });
    expect(foreignType.status).toBe(400);
    expect(fieldsOf(foreignType)).toHaveProperty('ticketTypeIds');
  });

  it('answers 404 to those who may not manage the event, and for a question of another event', async () => {
    const made = await freeEvent();
    const mine = await freeEvent();
    const q = await ask(w.owner.token, {
      eventId: mine.event.id,
      scope: 'ORDER',
      type: 'EMAIL',
      label: 'Email',
    });
    for (const token of [w.otherOrganizer.token, w.scanner.token, w.unassigned.token, w.buyer.token]) {
      const list = await call(t, c.checkoutQuestionList, { token, query: { eventId: made.event.id } });
      expect(list.status).toBe(404);
      const add = await ask(token, { eventId: made.event.id, scope: 'ORDER', type: 'EMAIL', label: 'Email' });
      expect(add.status).toBe(404);
    }
    const crossed = await call(t, c.deleteCheckoutQuestion, {
      token: w.owner.token,
      body: { eventId: made.event.id, questionId: q.body.result._id },
    });
    expect(crossed.status).toBe(404);
  });
});

describe('answers at checkout', () => {
  it('shows the questions on the public page and checks every type, naming the question', async () => {
    const made = await freeEvent();
    const eventId = made.event.id;
    const ids: Record<string, string> = {};
    const types: [c.QuestionType, string, string[]?][] = [
      ['SHORT_TEXT', 'Company'],
      ['LONG_TEXT', 'Anything else'],
      ['SINGLE_CHOICE', 'T-shirt', ['S', 'M', 'L']],
      ['MULTIPLE_CHOICE', 'Workshops', ['Clay', 'Paint']],
      ['CHECKBOX', 'I accept the rules'],
      ['NUMBER', 'Age'],
      ['DATE', 'Birthday'],
      ['PHONE', 'Phone'],
      ['EMAIL', 'Work email'],
    ];
    for (const [type, label, choices] of types) {
      const made = await ask(w.owner.token, {
        eventId,
        scope: 'ORDER',
        type,
        label,
        choices,
        required: true,
      });
      expect(made.status, label).toBe(200);
      ids[type] = made.body.result._id;
    }
    const page = await call(t, c.publicEventDetail, { query: { event: eventId } });
    expect(page.body.result.questions.map((q) => q.label)).toEqual(types.map(([, label]) => label));

    const line = { ticketTypeId: made.ticketTypes[0]?.id ?? '', quantity: 1 };
    const wrong = await book(t, {
      eventId,
      lines: [line],
      buyer: guest,
      answers: {
        [ids.SHORT_TEXT ?? '']: 'x'.repeat(c.MAX_SHORT_ANSWER + 1),
        [ids.SINGLE_CHOICE ?? '']: 'XL',
        [ids.MULTIPLE_CHOICE ?? '']: ['Clay', 'Sculpt'],
        [ids.CHECKBOX ?? '']: false,
        [ids.NUMBER ?? '']: 'many',
        [ids.DATE ?? '']: '2026-02-30',
        [ids.PHONE ?? '']: 'call me',
        [ids.EMAIL ?? '']: 'not-an-email',
      },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual({
      [`answers.${ids.SHORT_TEXT}`]: c.QUESTION_MESSAGES.tooLong(c.MAX_SHORT_ANSWER),
      [`answers.${ids.LONG_TEXT}`]: c.QUESTION_MESSAGES.required,
      [`answers.${ids.SINGLE_CHOICE}`]: c.QUESTION_MESSAGES.chooseOne,
      [`answers.${ids.MULTIPLE_CHOICE}`]: c.QUESTION_MESSAGES.chooseListed,
      [`answers.${ids.CHECKBOX}`]: c.QUESTION_MESSAGES.consent,
      [`answers.${ids.NUMBER}`]: c.QUESTION_MESSAGES.number,
      [`answers.${ids.DATE}`]: c.QUESTION_MESSAGES.date,
      [`answers.${ids.PHONE}`]: c.QUESTION_MESSAGES.phone,
      [`answers.${ids.EMAIL}`]: c.QUESTION_MESSAGES.email,
    });

    const right = await book(t, {
      eventId,
      lines: [line],
      buyer: guest,
      answers: {
        [ids.SHORT_TEXT ?? '']: '  Acme  ',
        [ids.LONG_TEXT ?? '']: 'Wheelchair access please',
        [ids.SINGLE_CHOICE ?? '']: 'M',
        [ids.MULTIPLE_CHOICE ?? '']: ['Paint', 'Clay'],
        [ids.CHECKBOX ?? '']: true,
        [ids.NUMBER ?? '']: 42,
        [ids.DATE ?? '']: '1990-05-17',
        [ids.PHONE ?? '']: '+44 20 7946 0000',
        [ids.EMAIL ?? '']: 'ada@acme.test',
      },
    });
    expect(right.status).toBe(200);
    const answers = await call(t, c.organizerBookingAnswers, {
      token: w.organizer.token,
      query: { bookingId: right.body.result._id },
    });
    expect(answers.status).toBe(200);
    expect(Object.fromEntries(answers.body.result.map((a) => [a.label, a.text]))).toEqual({
      Company: 'Acme',
      'Anything else': 'Wheelchair access please',
      'T-shirt': 'M',
      Workshops: 'Clay, Paint',
      'I accept the rules': 'Yes',
      Age: '42',
      Birthday: '1990-05-17',
      Phone: '+44 20 7946 0000',
      'Work email': 'ada@acme.test',
    });
  });

  it('asks per-ticket questions only for their ticket types, and the attendee email when switched on', async () => {
    const made = await freeEvent();
    const eventId = made.event.id;
    const [general, vip] = made.ticketTypes.map((type) => type.id) as [string, string];
    const diet = await ask(w.owner.token, {
      eventId,
      scope: 'ATTENDEE',
      type: 'SHORT_TEXT',
      label: 'Dietary needs',
      required: true,
      ticketTypeIds: [vip],
    });
    const settings = await call(t, c.updateAttendeeDetailSettings, {
      token: w.organizer.token,
      body: { eventId, attendeeNames: false, attendeeEmails: true },
    });
    expect(settings.status).toBe(200);
    const dietId = diet.body.result._id;
    const lines = [
      { ticketTypeId: general, quantity: 1 },
      { ticketTypeId: vip, quantity: 2 },
    ];
    const missing = await book(t, {
      eventId,
      lines,
      buyer: guest,
      attendees: [{ email: 'a@example.test' }, { email: 'b@example.test', [dietId]: 'Vegan' }, {}],
    });
    expect(missing.status).toBe(400);
    // The general ticket (0) is not asked; the second VIP ticket (2) is.
    expect(fieldsOf(missing)).toEqual({
      'attendees.2.email': c.QUESTION_MESSAGES.required,
      [`attendees.2.${dietId}`]: c.QUESTION_MESSAGES.required,
    });
    const done = await book(t, {
      eventId,
      lines,
      buyer: guest,
      attendees: [
        { email: 'a@example.test', [dietId]: 'ignored: not asked' },
        { email: 'b@example.test', [dietId]: 'Vegan' },
        { email: 'c@example.test', [dietId]: 'Nut allergy' },
      ],
    });
    expect(done.status).toBe(200);
    expect(done.body.result.status).toBe('CONFIRMED');
    const rows = await t.db
      .select()
      .from(checkoutAnswers)
      .where(
        and(eq(checkoutAnswers.bookingId, done.body.result._id), eq(checkoutAnswers.questionId, dietId)),
      );
    expect(rows.map((r) => [r.seat, r.value]).sort()).toEqual([
      [0, 'Vegan'],
      [1, 'Nut allergy'],
    ]);

    // The door: each VIP ticket with its own answer.
    const vipTickets = await t.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.bookingId, done.body.result._id), eq(tickets.ticketTypeId, vip)))
      .orderBy(tickets.createdAt, tickets.id);
    const door = await call(t, c.eventTicketAnswers, {
      token: w.scanner.token,
      query: { eventId, ticketIds: vipTickets.map((r) => r.id).join(',') },
    });
    expect(door.status, JSON.stringify(door.error)).toBe(200);
    expect(door.body.result.map((r) => r.answers.find((a) => a.questionId === dietId)?.text)).toEqual([
      'Vegan',
      'Nut allergy',
    ]);
    const outsider = await call(t, c.eventTicketAnswers, {
      token: w.otherOrganizer.token,
      query: { eventId, ticketIds: vipTickets.map((r) => r.id).join(',') },
    });
    expect(outsider.status).toBe(404);
  });

  it('keeps answers as given after the question changes or is deleted; corrections are audited', async () => {
    const made = await freeEvent();
    const eventId = made.event.id;
    const q = await ask(w.owner.token, {
      eventId,
      scope: 'ORDER',
      type: 'SINGLE_CHOICE',
      label: 'Meal',
      choices: ['Fish', 'Pasta'],
      required: true,
    });
    const qid = q.body.result._id;
    const order = await book(t, {
      eventId,
      lines: [{ ticketTypeId: made.ticketTypes[0]?.id ?? '', quantity: 1 }],
      buyer: guest,
      answers: { [qid]: 'Fish' },
    });
    expect(order.status).toBe(200);
    const bookingId = order.body.result._id;

    await call(t, c.updateCheckoutQuestion, {
      token: w.owner.token,
      body: { eventId, questionId: qid, scope: 'ORDER', type: 'SHORT_TEXT', label: 'Allergies' },
    });
    await call(t, c.deleteCheckoutQuestion, { token: w.owner.token, body: { eventId, questionId: qid } });
    const kept = await call(t, c.organizerBookingAnswers, { token: w.owner.token, query: { bookingId } });
    expect(kept.body.result).toMatchObject([{ label: 'Meal', type: 'SINGLE_CHOICE', text: 'Fish' }]);

    const answerId = kept.body.result[0]?._id ?? '';
    const bad = await call(t, c.correctCheckoutAnswer, {
      token: w.organizer.token,
      body: { bookingId, answerId, value: 'Steak' },
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad).value).toBe(c.QUESTION_MESSAGES.chooseOne);
    const fixed = await call(t, c.correctCheckoutAnswer, {
      token: w.organizer.token,
      body: { bookingId, answerId, value: 'Pasta' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.text).toBe('Pasta');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'CHECKOUT_ANSWER_CORRECTED')));
    expect(entry?.before).toMatchObject({ value: 'Fish' });
    expect(entry?.after).toMatchObject({ value: 'Pasta' });

    // A scanner reads at the door but does not correct; another organization's organizer sees nothing.
    for (const token of [w.scanner.token, w.otherOrganizer.token]) {
      const refused = await call(t, c.correctCheckoutAnswer, {
        token,
        body: { bookingId, answerId, value: 'Fish' },
      });
      expect(refused.status).toBe(404);
    }
  });

  it('adds one column per question to the event’s order and attendee exports', async () => {
    const made = await freeEvent();
    const eventId = made.event.id;
    const company = await ask(w.owner.token, {
      eventId,
      scope: 'ORDER',
      type: 'SHORT_TEXT',
      label: 'Company',
    });
    const diet = await ask(w.owner.token, { eventId, scope: 'ATTENDEE', type: 'SHORT_TEXT', label: 'Diet' });
    const notes = await ask(w.owner.token, { eventId, scope: 'ORDER', type: 'LONG_TEXT', label: 'Notes' });
    const order = await book(t, {
      eventId,
      lines: [{ ticketTypeId: made.ticketTypes[0]?.id ?? '', quantity: 2 }],
      buyer: guest,
      answers: { [company.body.result._id]: 'Acme' },
      attendees: [{ [diet.body.result._id]: 'Vegan' }, { [diet.body.result._id]: 'None' }],
    });
    expect(order.status).toBe(200);
    // The optional question left empty is stored empty (SQL null): no answer counted, a blank cell.
    const [empty] = await t.db
      .select()
      .from(checkoutAnswers)
      .where(eq(checkoutAnswers.questionId, notes.body.result._id));
    expect(empty?.value).toBeNull();
    const listed = await call(t, c.checkoutQuestionList, { token: w.owner.token, query: { eventId } });
    expect(listed.body.result.questions.map((q) => [q.label, q.answers])).toEqual([
      ['Company', 1],
      ['Diet', 2],
      ['Notes', 0],
    ]);
    const download = async (kind: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${c.EXPORT_PATH}?${new URLSearchParams({ kind, format: 'csv', eventId })}`,
        headers: clientHeaders(w.owner.token),
      });
      expect(response.statusCode).toBe(200);
      return parse(response.rawPayload, { bom: true }) as string[][];
    };
    const orders = await download('orders');
    expect(orders[0]?.slice(-2)).toEqual(['Company', 'Notes']);
    expect(orders[1]?.slice(-2)).toEqual(['Acme', '']);
    const attendees = await download('attendees');
    expect(attendees[0]?.slice(-3)).toEqual(['Company', 'Diet', 'Notes']);
    expect(attendees.slice(1).map((row) => row.slice(-3))).toEqual([
      ['Acme', 'Vegan', ''],
      ['Acme', 'None', ''],
    ]);
  });
});

describe('adds under concurrency, through HTTP', () => {
  it(`keeps an event to ${c.MAX_QUESTIONS_PER_EVENT} questions, each in a place of its own`, async () => {
    const made = await freeEvent();
    const n = c.MAX_QUESTIONS_PER_EVENT + 10;
    const result = await inParallel(base, n, (i) => ({
      method: 'POST',
      path: c.createCheckoutQuestion.path,
      headers: clientHeaders(w.organizer.token),
      body: { eventId: made.event.id, scope: 'ORDER', type: 'SHORT_TEXT', label: `Question ${i}` },
    }));
    expect(result.byStatus).toEqual({ 200: c.MAX_QUESTIONS_PER_EVENT, 409: 10 });
    const rows = await t.db
      .select({ position: checkoutQuestions.position })
      .from(checkoutQuestions)
      .where(eq(checkoutQuestions.eventId, made.event.id));
    expect(rows).toHaveLength(c.MAX_QUESTIONS_PER_EVENT);
    expect(new Set(rows.map((r) => r.position)).size).toBe(c.MAX_QUESTIONS_PER_EVENT);
  });
});
