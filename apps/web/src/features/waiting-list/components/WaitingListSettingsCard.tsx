import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS, type WaitingListSummary } from '@marquee/contract';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useUpdateWaitingListSettings } from '../api/update-waiting-list-settings';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The list's switch and offer period, with the demand waiting now. */
export function WaitingListSettingsCard({
  eventId,
  summary,
}: {
  eventId: string;
  summary: WaitingListSummary;
}) {
  const update = useUpdateWaitingListSettings();
  const form = useForm({
    mode: 'controlled',
    initialValues: { enabled: summary.enabled, offerHours: summary.offerHours as number | string },
    validate: {
      offerHours: (v) =>
        typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_OFFER_HOURS
          ? `Enter whole hours from 1 to ${MAX_OFFER_HOURS}`
          : null,
    },
  });
  const submit = submitWithServerErrors(form, async (values) => {
    await update.mutateAsync({ eventId, enabled: values.enabled, offerHours: Number(values.offerHours) });
    form.resetDirty();
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="waiting-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="waiting-settings-title">
            Settings
          </Title>
          <Text size="sm" data-testid="waiting-demand">
            {`${count(summary.peopleWaiting, 'person', 'people')} waiting for ${count(summary.ticketsWaiting, 'ticket', 'tickets')}; ${count(summary.offersOpen, 'offer', 'offers')} open.`}
          </Text>
          <Group align="flex-end" gap="lg" wrap="wrap">
            <Switch
              label="Buyers can join the waiting list of sold-out tickets"
              description="Turned off: nobody new can join, and seats kept for the list go back on sale."
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            <NumberInput
              label="Hours an offer holds its seats"
              description={`Default ${DEFAULT_OFFER_HOURS} hours; applies to offers made from now on.`}
              min={1}
              max={MAX_OFFER_HOURS}
              allowDecimal={false}
              w={{ base: '100%', sm: 260 }}
              {...form.getInputProps('offerHours')}
            />
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
