import { Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { eventDetailsPath } from '../../../app/paths';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { downloadPromoCodes } from '../api/export-promo-codes';
import { useCreatePromoCode } from '../api/mutations';
import { promoEventQuery } from '../api/queries';
import { BulkCreateDialog } from '../components/BulkCreateDialog';
import { EMPTY_PROMO, toPromoBody } from '../components/form-values';
import { PromoCodeForm } from '../components/PromoCodeForm';
import { PromoCodeList } from '../components/PromoCodeList';

/** `/event-management/:eventId/promo-codes`: the event's promo codes (docs/promo-codes.md). */
export function EventPromoCodesPage() {
  const { eventId = '' } = useParams();
  const event = useQuery(promoEventQuery(eventId));
  const create = useCreatePromoCode();
  const [bulk, setBulk] = useState(false);

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.error instanceof HttpError && [400, 404].includes(event.error.status)) return <NotFoundMessage />;
  if (!event.data)
    return (
      <Stack gap="lg">
        <PageHeader title="Promo codes" back={{ to: eventDetailsPath(eventId), label: 'the event' }} />
        <ListError label="Event" error={event.error} onRetry={() => void event.refetch()} />
      </Stack>
    );
  const detail = event.data;
  const currency = detail.organization.currency;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Promo codes"
        back={{ to: eventDetailsPath(eventId, detail.kind), label: 'the event' }}
        description={`${detail.title} · ${detail.organization.name}`}
      />
      <Group gap="xs">
        <Button variant="light" onClick={() => setBulk(true)}>
          Create many codes
        </Button>
        <Button variant="default" onClick={() => void downloadPromoCodes(eventId)}>
          Download CSV
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="promo-create-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="promo-create-title">
                New code
              </Title>
              <PromoCodeForm
                event={detail}
                initial={EMPTY_PROMO}
                resetTo={EMPTY_PROMO}
                submitLabel="Create code"
                save={(values) => create.mutateAsync(toPromoBody(eventId, values, currency))}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PromoCodeList event={detail} />
        </Grid.Col>
      </Grid>
      {bulk && <BulkCreateDialog eventId={eventId} currency={currency} onClose={() => setBulk(false)} />}
    </Stack>
  );
}

export default EventPromoCodesPage;
