import { Grid, Stack } from '@mantine/core';
import type { CheckoutQuestion } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { eventDetailsPath } from '../../../app/paths';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { checkoutQuestionListQuery } from '../api/checkout-question-list';
import { AttendeeDetailsCard } from '../components/AttendeeDetailsCard';
import { QuestionFormModal } from '../components/QuestionFormModal';
import { QuestionList } from '../components/QuestionList';

/** `/event-management/:eventId/checkout-questions`: what buyers are asked at checkout, in order. */
export function CheckoutQuestionsPage() {
  const { eventId = '' } = useParams();
  const list = useQuery(checkoutQuestionListQuery(eventId));
  const [editing, setEditing] = useState<CheckoutQuestion | 'new' | null>(null);
  const back = { to: eventDetailsPath(eventId), label: 'the event' };

  if (list.isPending) return <PageLoader label="Loading the questions" />;
  if (list.error instanceof HttpError && [400, 404].includes(list.error.status)) return <NotFoundMessage />;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Checkout questions"
        back={back}
        description="Buyers answer these on the event page; you see the answers with each order, in the attendee lists, at the door and in exports."
      />
      {!list.data ? (
        <ListError label="Questions" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <QuestionList
              eventId={eventId}
              list={list.data}
              onAdd={() => setEditing('new')}
              onEdit={(q) => setEditing(q)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AttendeeDetailsCard eventId={eventId} settings={list.data.settings} />
          </Grid.Col>
        </Grid>
      )}
      {editing && list.data && (
        <QuestionFormModal
          eventId={eventId}
          question={editing}
          ticketTypes={list.data.ticketTypes}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

export default CheckoutQuestionsPage;
