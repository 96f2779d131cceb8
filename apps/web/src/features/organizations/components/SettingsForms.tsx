import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MAX_TICKETS_PER_ORDER_LIMIT,
  type Organization,
  REFUND_HOURS_MAX,
  type RefundApproval,
  type RefundPolicy,
  RefundSettingBody,
  type ServiceFeePayer,
  TicketSettingBody,
} from '@marquee/contract';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useUpdateRefundSetting } from '../api/update-refund-setting';
import { useUpdateTicketSetting } from '../api/update-ticket-setting';
import { zodFieldErrors } from './form-validation';
import { FEE_PAYER_LABELS, options, REFUND_APPROVAL_LABELS, REFUND_POLICY_LABELS } from './labels';

interface RefundValues {
  policy: RefundPolicy;
  hoursBeforeStart: number | string;
  approval: RefundApproval;
  refundServiceFee: boolean;
}

/** The refund setting section of the edit screen. */
export function RefundSettingForm({ organization }: { organization: Organization }) {
  const save = useUpdateRefundSetting();
  const s = organization.refundSetting;
  const form = useForm<RefundValues>({
    mode: 'controlled',
    initialValues: {
      policy: s.policy,
      hoursBeforeStart: s.hoursBeforeStart ?? 24,
      approval: s.approval,
      refundServiceFee: s.refundServiceFee,
    },
    validate: (v) => zodFieldErrors(RefundSettingBody, toBody(organization._id, v)),
  });
  useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(form, async (values) => {
    await save.mutateAsync(toBody(organization._id, values));
    form.resetDirty();
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Refund settings">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Refund settings
          </Title>
          <Radio.Group label="Refund policy" {...form.getInputProps('policy')}>
            <Stack gap="xs" mt="xs">
              {options(REFUND_POLICY_LABELS).map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
          {form.values.policy === 'UNTIL_HOURS_BEFORE_START' && (
            <NumberInput
              label="Hours before the start"
              description="Refund requests close this many hours before an event starts."
              min={1}
              max={REFUND_HOURS_MAX}
              allowDecimal={false}
              maw={260}
              {...form.getInputProps('hoursBeforeStart')}
            />
          )}
          <Select
            label="Buyers' refund requests"
            data={options(REFUND_APPROVAL_LABELS)}
            allowDeselect={false}
            maw={420}
            {...form.getInputProps('approval')}
          />
          <Checkbox
            label="Refund the service fee too"
            {...form.getInputProps('refundServiceFee', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save refund settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function toBody(organizationId: string, v: RefundValues) {
  return {
    organizationId,
    policy: v.policy,
    hoursBeforeStart:
      v.policy === 'UNTIL_HOURS_BEFORE_START' && v.hoursBeforeStart !== ''
        ? Number(v.hoursBeforeStart)
        : null,
    approval: v.approval,
    refundServiceFee: v.refundServiceFee,
  };
}

interface TicketValues {
  maxTicketsPerOrder: number | string;
  serviceFeePaidBy: ServiceFeePayer;
  transfersAllowed: boolean;
}

/** The ticket setting section of the edit screen. */
export function TicketSettingForm({ organization }: { organization: Organization }) {
  const save = useUpdateTicketSetting();
  const s = organization.ticketSetting;
  const form = useForm<TicketValues>({
    mode: 'controlled',
    initialValues: { ...s },
    validate: (v) => zodFieldErrors(TicketSettingBody, ticketBody(organization._id, v)),
  });
  useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(form, async (values) => {
    await save.mutateAsync(ticketBody(organization._id, values));
    form.resetDirty();
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Ticket settings">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Ticket settings
          </Title>
          <NumberInput
            label="Maximum tickets per order"
            min={1}
            max={MAX_TICKETS_PER_ORDER_LIMIT}
            allowDecimal={false}
            maw={260}
            {...form.getInputProps('maxTicketsPerOrder')}
          />
          <Radio.Group label="Service fee" {...form.getInputProps('serviceFeePaidBy')}>
            <Stack gap="xs" mt="xs">
              {options(FEE_PAYER_LABELS).map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Checkbox
            label="Buyers may transfer tickets to someone else"
            {...form.getInputProps('transfersAllowed', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save ticket settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ticketBody(organizationId: string, v: TicketValues) {
  return {
    organizationId,
    maxTicketsPerOrder: v.maxTicketsPerOrder === '' ? Number.NaN : Number(v.maxTicketsPerOrder),
    serviceFeePaidBy: v.serviceFeePaidBy,
    transfersAllowed: v.transfersAllowed,
  };
}

/** Read-only summary of both settings (the details screen's settings tab). */
export function SettingsSummary({ organization }: { organization: Organization }) {
  const r = organization.refundSetting;
  const t = organization.ticketSetting;
  const rows: [string, string][] = [
    [
      'Refund policy',
      r.policy === 'UNTIL_HOURS_BEFORE_START'
        ? `Until ${r.hoursBeforeStart} hours before the start`
        : REFUND_POLICY_LABELS[r.policy],
    ],
    ["Buyers' refund requests", REFUND_APPROVAL_LABELS[r.approval]],
    ['Service fee refunded', r.refundServiceFee ? 'Yes' : 'No'],
    ['Maximum tickets per order', String(t.maxTicketsPerOrder)],
    ['Service fee', FEE_PAYER_LABELS[t.serviceFeePaidBy]],
    ['Ticket transfers', t.transfersAllowed ? 'Allowed' : 'Not allowed'],
  ];
  return (
    <Stack gap="xs" data-testid="settings-summary">
      {rows.map(([label, value]) => (
        <Group key={label} gap="md" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={200} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </Group>
      ))}
    </Stack>
  );
}
