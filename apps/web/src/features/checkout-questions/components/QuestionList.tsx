import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  type CheckoutQuestion,
  type CheckoutQuestionList,
  QUESTION_SCOPE_LABELS,
  QUESTION_TYPE_LABELS,
} from '@marquee/contract';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { useDeleteQuestion, useReorderQuestions } from '../api/mutations';

type Listed = CheckoutQuestionList['questions'][number];

function move(ids: string[], from: number, to: number) {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id) next.splice(to, 0, id);
  return next;
}

/** The questions in the order buyers see them, with move up/down, edit and delete. */
export function QuestionList({
  eventId,
  list,
  onAdd,
  onEdit,
}: {
  eventId: string;
  list: CheckoutQuestionList;
  onAdd: () => void;
  onEdit: (question: CheckoutQuestion) => void;
}) {
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const ids = list.questions.map((q) => q._id);
  const typeName = (id: string) => list.ticketTypes.find((t) => t._id === id)?.name ?? 'A ticket type';
  const confirmDelete = (q: Listed) =>
    void openConfirmAction({
      title: 'Delete question',
      danger: true,
      message:
        q.answers > 0
          ? `“${q.label}” is no longer asked. The ${q.answers} answer${q.answers === 1 ? '' : 's'} already given stay with their orders.`
          : `“${q.label}” is no longer asked.`,
      onConfirm: () => remove.mutateAsync({ eventId, questionId: q._id }),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="questions-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="questions-title">
            Questions
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            Add question
          </Button>
        </Group>
        {list.questions.length === 0 ? (
          <Stack gap={4} py="lg" align="center" data-testid="questions-empty">
            <Text fw={600}>No questions yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Ask buyers what you need to know: dietary needs, T-shirt sizes, consent to your rules.
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.questions.map((q, i) => (
              <Card
                key={q._id}
                component="li"
                withBorder
                padding="sm"
                data-testid="question-row"
                aria-label={q.label}
              >
                {/* On a phone the buttons go under the question rather than squeeze it. */}
                <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {`${i + 1}. ${q.label}`}
                    </Text>
                    <Group gap={6}>
                      <Badge variant="light" tt="none">
                        {QUESTION_TYPE_LABELS[q.type]}
                      </Badge>
                      <Badge variant="light" color="gray" tt="none">
                        {QUESTION_SCOPE_LABELS[q.scope]}
                      </Badge>
                      {q.required && (
                        <Badge variant="light" color="orange" tt="none">
                          Required
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {q.ticketTypeIds.length
                        ? `Only for: ${q.ticketTypeIds.map(typeName).join(', ')}`
                        : 'Every ticket type'}
                      {` · ${q.answers} answer${q.answers === 1 ? '' : 's'}`}
                      {q.choices.length ? ` · ${q.choices.join(', ')}` : ''}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move “${q.label}” up`}
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => reorder.mutate({ eventId, questionIds: move(ids, i, i - 1) })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move “${q.label}” down`}
                      disabled={i === ids.length - 1 || reorder.isPending}
                      onClick={() => reorder.mutate({ eventId, questionIds: move(ids, i, i + 1) })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`Edit “${q.label}”`} onClick={() => onEdit(q)}>
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete “${q.label}”`}
                      onClick={() => confirmDelete(q)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
