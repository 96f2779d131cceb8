import { markScannedUnscannedTickets } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { toast } from '../../../lib/toasts';
import { checkInKeys } from './keys';

interface MarkTicketsInput {
  ticketIds: string[];
  scanned: boolean;
}

/**
 * Marks chosen tickets of one date scanned or not scanned by hand (recorded as manual). Refreshes the
 * counts and the attendee list, says what changed, and names each ticket the server refused and why.
 */
export function useMarkTickets(eventId: string, occurrenceId: string, deviceId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketIds, scanned }: MarkTicketsInput) =>
      http(markScannedUnscannedTickets, {
        body: { eventId, occurrenceId, scanned, ticketIds, deviceId },
      }),
    onSuccess: async (response) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkInKeys.counts.all }),
        queryClient.invalidateQueries({ queryKey: checkInKeys.attendees.all }),
      ]);
      toast.success(response.message);
      const refused = response.result.refused;
      // One line per reason: ten refunded tickets need saying once.
      if (refused.length > 0) toast.warning([...new Set(refused.map((r) => r.message))].join('\n'));
    },
  });
}
