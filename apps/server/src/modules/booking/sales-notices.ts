/** Tickets of one event a confirmed order issued; a course ticket (no date) concerns every date. */
export interface SoldTickets {
  eventId: string;
  tickets: { id: string; occurrenceId: string | null }[];
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Who hears of tickets sold, per app (check-in's live counts: the door's "sold" figure moves with each
 * confirmed order, not only with scans). In memory, after the commit: safe to lose, because what it
 * follows is in the database and re-read (docs/architecture.md: "What still runs in-process after COMMIT").
 */
export function createSalesNotices(log?: Logger) {
  const sold: ((change: SoldTickets) => void)[] = [];
  return {
    /** Hears tickets issued by a confirmed order, after the commit. */
    onTicketsSold(listener: (change: SoldTickets) => void) {
      sold.push(listener);
    },
    ticketsSold(change: SoldTickets) {
      if (change.tickets.length === 0) return;
      for (const listener of sold) {
        try {
          listener(change);
        } catch (error) {
          log?.error({ err: error, eventId: change.eventId }, 'a sold-tickets listener failed');
        }
      }
    },
  };
}

export type SalesNotices = ReturnType<typeof createSalesNotices>;
