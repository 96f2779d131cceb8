import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventPromoCodesPath } from '../paths';

/** The event page's way to its promo codes. */
export function PromoCodesCard({ eventId }: { eventId: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="promo-codes-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="promo-codes-title">
          Promo codes
        </Title>
        <Text size="sm" c="dimmed">
          Discounts and presale access: codes buyers enter on the event page or get in a link.
        </Text>
        <Group>
          <Button
            component={Link}
            to={eventPromoCodesPath(eventId)}
            variant="light"
            leftSection={<IconTicket size={16} aria-hidden />}
          >
            Promo codes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
