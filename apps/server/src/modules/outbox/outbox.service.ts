import type { Db } from '../../db/client.js';
import { listOutbox } from './outbox.repo.js';

/** The development outbox's reads, for the demo servers' message viewer. */
export function createOutboxService(deps: { db: Db }) {
  return { list: (query: Parameters<typeof listOutbox>[1]) => listOutbox(deps.db, query) };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
