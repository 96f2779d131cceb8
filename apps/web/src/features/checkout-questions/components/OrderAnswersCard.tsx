import { ActionIcon, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CheckoutAnswer } from '@marquee/contract';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListError } from '../../../components/ListError';
import { bookingAnswersQuery } from '../api/answers';
import { AnswerCorrection } from './AnswerCorrection';

function groupOf(answer: CheckoutAnswer, ticketNames: Map<string, string>) {
  if (answer.seat === null) return 'Order';
  const name = answer.ticketTypeId ? ticketNames.get(answer.ticketTypeId) : undefined;
  return `${name ?? 'Ticket'} · ticket ${answer.seat + 1}`;
}

/**
 * The order detail's checkout answers: the order's, then each ticket's, as they were given (the question's
 * label then); organizers who manage the event correct one with the pencil.
 */
export function OrderAnswersCard({
  bookingId,
  ticketTypes,
  canCorrect,
}: {
  bookingId: string;
  ticketTypes: readonly { ticketTypeId: string; name: string }[];
  canCorrect: boolean;
}) {
  const answers = useQuery(bookingAnswersQuery(bookingId));
  const [correcting, setCorrecting] = useState<CheckoutAnswer | null>(null);
  if (answers.data?.length === 0) return null;
  const names = new Map(ticketTypes.map((t) => [t.ticketTypeId, t.name]));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="order-answers-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-answers-title">
          Checkout answers
        </Title>
        {!answers.data ? (
          answers.isPending ? (
            <Text size="sm" c="dimmed">
              Loading the answers…
            </Text>
          ) : (
            <ListError label="Answers" error={answers.error} onRetry={() => void answers.refetch()} />
          )
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="order-answers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  {canCorrect && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answers.data.map((a) => (
                  <Table.Tr key={a._id}>
                    <Table.Td>{groupOf(a, names)}</Table.Td>
                    <Table.Td>{a.label}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.text}</Table.Td>
                    {canCorrect && (
                      <Table.Td>
                        <Group justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Correct the answer to “${a.label}”`}
                            onClick={() => setCorrecting(a)}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {correcting && (
        <AnswerCorrection
          bookingId={bookingId}
          answer={correcting}
          choices={correcting.choices}
          onClose={() => setCorrecting(null)}
        />
      )}
    </Card>
  );
}
