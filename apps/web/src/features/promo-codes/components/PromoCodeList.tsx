import { Badge, Button, Card, Group, Loader, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import type { EventDetail, PromoCodeSummary } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { ListError } from '../../../components/ListError';
import { formatMoney } from '../../../lib/money';
import { useDeletePromoCode, useUpdatePromoCode, useUpdatePromoCodeStatus } from '../api/mutations';
import { promoCodeListQuery } from '../api/queries';
import { formValuesOf, promoEffect, toPromoBody } from './form-values';
import { PromoCodeForm } from './PromoCodeForm';

const PAGE = 20;

type FormEvent = Pick<EventDetail, '_id' | 'ticketTypes' | 'occurrences' | 'timeZone' | 'organization'>;

function PromoCodeRow({
  code,
  onEdit,
  eventId,
}: {
  code: PromoCodeSummary;
  onEdit: () => void;
  eventId: string;
}) {
  const status = useUpdatePromoCodeStatus();
  const remove = useDeletePromoCode();
  const paused = code.status === 'PAUSED';
  return (
    <Card withBorder padding="sm" component="li" data-testid="promo-code-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {code.code}
            </Text>
            <Badge color={paused ? 'gray' : 'green'} variant="light">
              {paused ? 'Paused' : 'Active'}
            </Badge>
          </Group>
          <Text size="sm">{promoEffect(code)}</Text>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">{`Uses ${code.uses} / ${code.maxUses ?? '∞'}`}</Text>
          <Text size="sm" c="dimmed">{`Revenue ${formatMoney(code.revenue, code.currency)}`}</Text>
          <Text
            size="sm"
            c="dimmed"
          >{`Discount given ${formatMoney(code.discountGiven, code.currency)}`}</Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${code.code}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={status.isPending}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${code.code}`}
            onClick={() =>
              status.mutate({ eventId, promoCodeId: code._id, status: paused ? 'ACTIVE' : 'PAUSED' })
            }
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete ${code.code}`}
            onClick={() =>
              void openConfirmAction({
                title: `Delete ${code.code}?`,
                message: 'Buyers can no longer use it. Orders placed with it keep their discount.',
                danger: true,
                onConfirm: () => remove.mutateAsync({ eventId, promoCodeId: code._id }),
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The event's codes with uses over the limit, revenue and discount given; edit in a dialog. */
export function PromoCodeList({ event }: { event: FormEvent }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PromoCodeSummary | null>(null);
  const list = useQuery(promoCodeListQuery(event._id, page, PAGE));
  const update = useUpdatePromoCode();
  const currency = event.organization.currency;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="promo-list-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="promo-list-title">
          Codes
        </Title>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading promo codes" />
          </Group>
        ) : list.error || !list.data ? (
          <ListError label="Promo codes" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="promo-empty">
            No promo codes yet. Create one to offer a discount or presale access.
          </Text>
        ) : (
          <>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.data.items.map((code) => (
                <PromoCodeRow
                  key={code._id}
                  code={code}
                  eventId={event._id}
                  onEdit={() => setEditing(code)}
                />
              ))}
            </Stack>
            {list.data.total > PAGE && (
              <Pagination
                total={Math.ceil(list.data.total / PAGE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </>
        )}
      </Stack>
      {editing && (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={`Edit ${editing.code}`}
          centered
          size="lg"
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <PromoCodeForm
            event={event}
            initial={formValuesOf(editing)}
            submitLabel="Save code"
            onCancel={() => setEditing(null)}
            save={async (values) => {
              await update.mutateAsync({
                ...toPromoBody(event._id, values, currency),
                promoCodeId: editing._id,
              });
              setEditing(null);
            }}
          />
        </Modal>
      )}
    </Card>
  );
}
