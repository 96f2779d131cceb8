import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventCheckoutQuestionsPath } from '../paths';

/** The event page's way to the questions buyers answer at checkout. */
export function CheckoutQuestionsCard({ eventId }: { eventId: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="checkout-questions-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="checkout-questions-title">
          Checkout questions
        </Title>
        <Text size="sm" c="dimmed">
          Ask buyers per order or per ticket: dietary needs, sizes, consent; and each attendee's name or
          email.
        </Text>
        <Group>
          <Button
            component={Link}
            to={eventCheckoutQuestionsPath(eventId)}
            variant="light"
            leftSection={<IconForms size={16} aria-hidden />}
          >
            Checkout questions
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
