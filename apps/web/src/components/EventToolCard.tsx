import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card on an event's page that leads to one of its tools (messages, checkout questions, promo codes,
 * waiting list): a heading, a sentence on what the tool does, and the button that opens it. `id` names
 * the section for assistive technology.
 */
export function EventToolCard({
  id,
  title,
  description,
  to,
  action,
  icon,
}: {
  id: string;
  title: string;
  description: string;
  to: string;
  /** The button's words. */
  action: string;
  icon: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Group>
          <Button component={Link} to={to} variant="light" leftSection={icon}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
