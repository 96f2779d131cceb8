import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { registerMessageRenderer } from '../messages/index.js';
import type { AttendeeMessageDeps } from './commands/deps.js';
import { ATTENDEE_MESSAGE_KIND } from './queries/attendee-message-list.js';
import { renderAttendeeEmail } from './render.js';
import { messageForDelivery } from './repo.js';
import { attendeeMessageRoutes } from './routes.js';

/**
 * Messages to attendees (docs/attendee-messages.md): organizers of an event write to the buyers of
 * its confirmed orders, through the outbox, within per-organization limits.
 */
export async function attendeeMessagesModule(app: FastifyInstance, ports: Ports) {
  const deps: AttendeeMessageDeps = {
    db: ports.db,
    unitOfWork: ports.unitOfWork,
    limits: ports.config.attendeeMessages,
  };
  // Each recipient's email is written when it is sent, from the one stored message.
  registerMessageRenderer(ports, ATTENDEE_MESSAGE_KIND, async (message) => {
    const id = message.data.attendeeMessageId;
    const stored = typeof id === 'string' ? await messageForDelivery(ports.db, id) : null;
    if (!stored) throw new Error('the message to attendees is gone');
    return { to: message.recipient, ...renderAttendeeEmail(stored) };
  });
  await app.register(attendeeMessageRoutes, { deps });
}
