import { Text } from '@mantine/core';
import { type CheckoutAnswer, MAX_TICKETS_FOR_ANSWERS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { ticketAnswersQuery } from '../api/answers';

const EMPTY = new Map<string, CheckoutAnswer[]>();

/**
 * The checkout answers of the tickets on screen (a page of a list), by ticket id: each ticket's own
 * answers and its order's. An event without questions answers with empty lists.
 */
export function useTicketAnswers(
  eventId: string,
  ticketIds: readonly string[],
): Map<string, CheckoutAnswer[]> {
  const ids = ticketIds.slice(0, MAX_TICKETS_FOR_ANSWERS);
  const answers = useQuery({ ...ticketAnswersQuery(eventId, ids), enabled: ids.length > 0 });
  if (!answers.data) return EMPTY;
  return new Map(answers.data.map((row) => [row.ticketId, row.answers]));
}

/** Answers given, one short line each ("Dietary needs: Vegan"), for a list row or the door. */
export function TicketAnswerLines({ answers }: { answers: readonly CheckoutAnswer[] | undefined }) {
  const given = (answers ?? []).filter((a) => a.text !== '—');
  if (given.length === 0) return null;
  return (
    <>
      {given.map((a) => (
        <Text key={a._id} size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="ticket-answer">
          <Text span size="xs" fw={600}>{`${a.label}: `}</Text>
          {a.text}
        </Text>
      ))}
    </>
  );
}
