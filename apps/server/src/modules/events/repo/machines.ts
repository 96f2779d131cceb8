import type { EventStatus } from '@marquee/contract';
import { events } from '../../../db/schema/index.js';
import { defineMachine } from '../../../db/state-machine.js';

/**
 * An event's status (docs/events.md): written as a DRAFT, PUBLISHED once (a create publishes at
 * once), then COMPLETED when its last date has ended (repo/completion.ts) or CANCELLED by its
 * organizer. Both ends are final. Visibility, blocking, archiving and the like are flags, not moves.
 */
export const eventStatusMachine = defineMachine<EventStatus, typeof events>({
  label: 'event',
  entityType: 'EVENT',
  table: events,
  moves: {
    DRAFT: ['PUBLISHED'],
    PUBLISHED: ['COMPLETED', 'CANCELLED'],
    COMPLETED: [],
    CANCELLED: [],
  },
});
