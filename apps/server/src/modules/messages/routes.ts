import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { Ports } from '../../ports.js';
import { createRetryOutgoingMessage } from './commands/retry-outgoing-message.js';
import { createOutgoingMessageList, outgoingMessageItem } from './queries/outgoing-message-list.js';

/** Administrators' view of the outbox (docs/operations.md, "Outgoing messages"); `admin` in the contract. */
export async function messageRoutes(app: FastifyInstance, opts: { ports: Ports }) {
  const { db, unitOfWork } = opts.ports;
  const list = createOutgoingMessageList(db);
  const retry = createRetryOutgoingMessage(unitOfWork);

  addRoute(app, c.getOutgoingMessageList, async ({ query }) => ({
    message: 'Messages loaded.',
    result: await list(query),
  }));
  addRoute(app, c.retryOutgoingMessage, async ({ body }) => {
    const row = await retry(body.messageId);
    return {
      message: 'The message will be sent again within seconds.',
      result: await outgoingMessageItem(db, row),
    };
  });
}
