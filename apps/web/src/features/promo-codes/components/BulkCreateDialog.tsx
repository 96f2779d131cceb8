import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_PROMO_BULK, PROMO_KIND_LABELS, type PromoCodeKind } from '@marquee/contract';
import { useState } from 'react';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { downloadPromoCodes } from '../api/export-promo-codes';
import { useBulkCreatePromoCodes } from '../api/mutations';
import { amountOf } from './form-values';

interface BulkValues {
  prefix: string;
  count: number | string;
  kind: PromoCodeKind;
  amount: string;
}

const KINDS = (Object.keys(PROMO_KIND_LABELS) as PromoCodeKind[]).map((kind) => ({
  value: kind,
  label: PROMO_KIND_LABELS[kind],
}));

/** Many single-use codes at once (e.g. for a sponsor), then their CSV. */
export function BulkCreateDialog({
  eventId,
  currency,
  onClose,
}: {
  eventId: string;
  currency: string;
  onClose: () => void;
}) {
  const bulk = useBulkCreatePromoCodes();
  const [made, setMade] = useState<{ batchId: string; count: number } | null>(null);
  const form = useForm<BulkValues>({
    mode: 'controlled',
    initialValues: { prefix: '', count: 100, kind: 'PERCENT', amount: '' },
    validate: (values) => {
      const errors: Partial<Record<keyof BulkValues, string>> = {};
      const n = Number(values.count);
      if (!Number.isInteger(n) || n < 1 || n > MAX_PROMO_BULK)
        errors.count = `Make from 1 to ${MAX_PROMO_BULK} codes`;
      if (!/^([A-Za-z0-9][A-Za-z0-9_-]*)?$/.test(values.prefix.trim()))
        errors.prefix = 'Start with a letter or digit; use letters, digits, - and _ only';
      const amount = amountOf(values, currency);
      if (!amount.ok) errors.amount = amount.message;
      return errors;
    },
  });
  const submit = submitWithServerErrors(form, async (values) => {
    const amount = amountOf(values, currency);
    const answer = await bulk.mutateAsync({
      eventId,
      prefix: values.prefix.trim(),
      count: Number(values.count),
      kind: values.kind,
      amount: amount.ok ? amount.amount : 0,
    });
    setMade({ batchId: answer.result.batchId, count: answer.result.count });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title="Create many codes"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {made ? (
        <Stack gap="sm">
          <Alert color="green" title={`${made.count} codes created`}>
            Each code can be used once. Download them to hand them out.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
            <Button onClick={() => void downloadPromoCodes(eventId, made.batchId)}>Download CSV</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Create many codes">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Single-use codes: the prefix and 8 random letters and digits.
            </Text>
            <TextInput
              label="Prefix"
              description="Optional, e.g. SPONSOR-"
              {...form.getInputProps('prefix')}
            />
            <NumberInput
              label="How many"
              min={1}
              max={MAX_PROMO_BULK}
              allowDecimal={false}
              required
              {...form.getInputProps('count')}
            />
            <Select label="What they do" data={KINDS} allowDeselect={false} {...form.getInputProps('kind')} />
            {form.values.kind !== 'REVEAL' && (
              <TextInput
                label={
                  form.values.kind === 'PERCENT' ? 'Percentage off' : `Amount off each ticket (${currency})`
                }
                inputMode="decimal"
                required
                {...form.getInputProps('amount')}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                Create codes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
