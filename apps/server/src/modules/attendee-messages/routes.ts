import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { splitIds } from './audience.js';
import type { AttendeeMessageDeps } from './commands/deps.js';
import { sendAttendeeMessage } from './commands/send-attendee-message.js';
import { sendAttendeeMessageTest } from './commands/send-test-message.js';
import { attendeeMessageDetail, attendeeMessageList } from './queries/attendee-message-list.js';
import { countRecipients, previewMessage } from './queries/recipients.js';

/**
 * Messages to attendees (docs/attendee-messages.md). Every call's declaration resolved the event with
 * `manage` (owners, administrators, the event's organizers); the handler passes that grant on.
 */
export async function attendeeMessageRoutes(app: FastifyInstance, opts: { deps: AttendeeMessageDeps }) {
  const { deps } = opts;
  const grantOf = <T>(event: T | null): T => {
    if (!event) throw new Error('the event rule resolved no event');
    return event;
  };

  addRoute(app, c.attendeeMessageRecipientCount, async ({ query, event }) => ({
    message: 'Recipients counted.',
    result: await countRecipients(deps.db, grantOf(event).event, {
      audience: query.audience,
      occurrenceId: query.occurrenceId,
      ticketTypeIds: splitIds(query.ticketTypeIds),
      bookingIds: splitIds(query.bookingIds),
    }),
  }));

  addRoute(app, c.previewAttendeeMessage, async ({ body, event }) => ({
    message: 'Preview ready.',
    result: previewMessage(grantOf(event), body),
  }));

  addRoute(app, c.sendAttendeeMessageTest, async ({ actor, body, event }) => {
    const result = await sendAttendeeMessageTest(deps, { actor, event: grantOf(event) }, body);
    return { message: c.ATTENDEE_MESSAGE_MESSAGES.testSent(result.to), result };
  });

  addRoute(
    app,
    c.sendAttendeeMessage,
    async ({ actor, body, event, request }) => {
      const key = request.headers[c.HEADERS.idempotencyKey];
      const result = await sendAttendeeMessage(
        deps,
        { actor, event: grantOf(event) },
        body,
        typeof key === 'string' ? key : null,
      );
      return { message: c.ATTENDEE_MESSAGE_MESSAGES.sent(result.recipients), result };
    },
    { idempotency: 'required' },
  );

  addRoute(app, c.attendeeMessageList, async ({ query }) => ({
    message: 'Messages loaded.',
    result: await attendeeMessageList(deps.db, query),
  }));

  addRoute(app, c.attendeeMessageDetail, async ({ query }) => ({
    message: 'Message loaded.',
    result: await attendeeMessageDetail(deps.db, query),
  }));
}
