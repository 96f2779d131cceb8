import { Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EventDetail, PROMO_KIND_LABELS, type PromoCodeKind } from '@marquee/contract';
import { formatDayDate, formatTime } from '../../../lib/dates';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { type PromoFormValues, validatePromo } from './form-values';
import { ZonedLocalInput } from './ZonedLocalInput';

const KINDS = (Object.keys(PROMO_KIND_LABELS) as PromoCodeKind[]).map((kind) => ({
  value: kind,
  label: PROMO_KIND_LABELS[kind],
}));

/**
 * One promo code's settings. `save` makes the call; the server's field errors land under the fields
 * (the form keeps what was typed).
 */
export function PromoCodeForm({
  event,
  initial,
  submitLabel,
  save,
  onCancel,
  resetTo,
}: {
  event: Pick<EventDetail, 'ticketTypes' | 'occurrences' | 'timeZone' | 'organization'>;
  initial: PromoFormValues;
  submitLabel: string;
  save: (values: PromoFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** What the form shows after a save (a new code's form starts empty again); else what was saved. */
  resetTo?: PromoFormValues;
}) {
  const currency = event.organization.currency;
  const zone = event.timeZone ?? 'UTC';
  const form = useForm<PromoFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => validatePromo(values, currency),
  });
  const submit = submitWithServerErrors(form, async (values) => {
    await save(values);
    form.setInitialValues(resetTo ?? values);
    form.reset();
  });
  const types = event.ticketTypes.map((t) => ({
    value: t._id,
    label: t.hidden ? `${t.name} (hidden)` : t.name,
  }));
  const dates = event.occurrences.map((o) => ({
    value: o._id,
    label: `${formatDayDate(o.startsAt, zone)} ${formatTime(o.startsAt, zone)}`,
  }));
  const kind = form.values.kind;

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <TextInput
          label="Code"
          description="What buyers type; letters and digits, not case-sensitive"
          required
          autoComplete="off"
          {...form.getInputProps('code')}
        />
        <Select
          label="What it does"
          data={KINDS}
          allowDeselect={false}
          required
          {...form.getInputProps('kind')}
        />
        {kind !== 'REVEAL' && (
          <TextInput
            label={kind === 'PERCENT' ? 'Percentage off' : `Amount off each ticket (${currency})`}
            inputMode="decimal"
            required
            rightSection={kind === 'PERCENT' ? '%' : undefined}
            {...form.getInputProps('amount')}
          />
        )}
        <MultiSelect
          label="Ticket types"
          description={
            kind === 'REVEAL'
              ? 'The hidden ticket types the code shows to buyers'
              : 'Empty: every ticket type that is not hidden; a hidden type chosen here is revealed by the code'
          }
          data={types}
          clearable
          {...form.getInputProps('ticketTypeIds')}
        />
        {dates.length > 1 && (
          <MultiSelect
            label="Dates"
            description="Empty: every date"
            data={dates}
            clearable
            {...form.getInputProps('occurrenceIds')}
          />
        )}
        <ZonedLocalInput
          label="Valid from"
          zone={zone}
          description="Empty: at once"
          value={form.values.validFrom}
          onChange={(iso) => form.setFieldValue('validFrom', iso)}
          error={form.errors.validFrom}
        />
        <ZonedLocalInput
          label="Valid until"
          zone={zone}
          description="Empty: until sales end"
          value={form.values.validUntil}
          onChange={(iso) => form.setFieldValue('validUntil', iso)}
          error={form.errors.validUntil}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Total uses"
            description="Empty: no limit"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('maxUses')}
          />
          <NumberInput
            label="Uses per buyer"
            description="By email; empty: no limit"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('maxUsesPerBuyer')}
          />
        </Group>
        <Switch
          label="Active"
          checked={form.values.status === 'ACTIVE'}
          onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 'ACTIVE' : 'PAUSED')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
