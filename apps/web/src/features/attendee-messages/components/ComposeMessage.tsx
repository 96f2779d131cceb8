import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ATTENDEE_MESSAGE_MESSAGES,
  type AttendeeAudienceKind,
  AUDIENCE_LABELS,
  type EventDetail,
  MAX_MESSAGE_BODY,
  MAX_MESSAGE_SUBJECT,
  type RecipientCountQuery,
  SendAttendeeMessageBody,
} from '@marquee/contract';
import { IconEye, IconSend, IconTestPipe } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { recipientCountQuery } from '../api/attendee-message-recipient-count';
import { usePreviewAttendeeMessage } from '../api/preview-attendee-message';
import { useSendAttendeeMessage } from '../api/send-attendee-message';
import { useSendAttendeeMessageTest } from '../api/send-attendee-message-test';
import { dateLabel } from './presets';

export interface ComposeValues {
  audience: AttendeeAudienceKind;
  occurrenceId: string | null;
  ticketTypeIds: string[];
  bookingIds: string[];
  subject: string;
  body: string;
}

const AUDIENCES: AttendeeAudienceKind[] = ['ALL', 'OCCURRENCE', 'TICKET_TYPES', 'ORDERS'];

/** What the send call gets: only the fields the chosen audience needs. */
export function toSendBody(eventId: string, v: ComposeValues): SendAttendeeMessageBody {
  return {
    eventId,
    audience: v.audience,
    ...(v.audience === 'OCCURRENCE' && v.occurrenceId ? { occurrenceId: v.occurrenceId } : {}),
    ...(v.audience === 'TICKET_TYPES' ? { ticketTypeIds: v.ticketTypeIds } : {}),
    ...(v.audience === 'ORDERS' ? { bookingIds: v.bookingIds } : {}),
    subject: v.subject,
    body: v.body,
  };
}

/** The count's query, or null while the audience is incomplete (no date or ticket type chosen yet). */
export function toCountQuery(eventId: string, v: ComposeValues): RecipientCountQuery | null {
  if (v.audience === 'OCCURRENCE')
    return v.occurrenceId ? { eventId, audience: v.audience, occurrenceId: v.occurrenceId } : null;
  if (v.audience === 'TICKET_TYPES')
    return v.ticketTypeIds.length
      ? { eventId, audience: v.audience, ticketTypeIds: v.ticketTypeIds.join(',') }
      : null;
  if (v.audience === 'ORDERS')
    return v.bookingIds.length ? { eventId, audience: v.audience, bookingIds: v.bookingIds.join(',') } : null;
  return { eventId, audience: 'ALL' };
}

function validate(eventId: string) {
  return (values: ComposeValues) => {
    const parsed = SendAttendeeMessageBody.safeParse(toSendBody(eventId, values));
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
    return errors;
  };
}

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;

/** Whom the audience reaches now, counted by the server as it will send (distinct addresses). */
function RecipientCount({ query }: { query: RecipientCountQuery | null }) {
  const [debounced] = useDebouncedValue(query, 300);
  const count = useQuery({
    ...recipientCountQuery(debounced ?? { eventId: '', audience: 'ALL' }),
    enabled: !!debounced,
    placeholderData: keepPreviousData,
  });
  if (!query)
    return (
      <Text size="sm" c="dimmed">
        Choose who gets it to see how many people it reaches.
      </Text>
    );
  if (count.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Counting recipients…</Text>
      </Group>
    );
  if (count.error)
    return (
      <Text size="sm" c="red.8">
        The recipients could not be counted. Try again in a moment.
      </Text>
    );
  return (
    <Text size="sm" fw={600} data-testid="recipient-count" aria-live="polite">
      {count.data?.recipients === 0
        ? 'Nobody matches this audience yet.'
        : `This message will go to ${people(count.data?.recipients ?? 0)}.`}
    </Text>
  );
}

/**
 * Write to the event's attendees: audience (everyone, a date, ticket types, chosen orders), subject and
 * text, a preview of the email, a test to oneself, and the send itself, confirmed with the count.
 */
export function ComposeMessage({
  event,
  initial,
  ordersPath,
  onSent,
}: {
  event: EventDetail;
  initial: ComposeValues;
  /** Where orders are chosen (the event's orders list, "Message buyers"). */
  ordersPath: string;
  onSent: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<ComposeValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validate(event._id),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const preview = usePreviewAttendeeMessage();
  const test = useSendAttendeeMessageTest();
  const send = useSendAttendeeMessage();
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const countQuery = toCountQuery(event._id, form.values);

  const contentValid = () => {
    const subject = form.validateField('subject');
    const body = form.validateField('body');
    return !subject.hasError && !body.hasError;
  };
  const content = () => ({ eventId: event._id, subject: form.values.subject, body: form.values.body });

  const submit = submitWithServerErrors(form, async (values) => {
    const query = toCountQuery(event._id, values);
    if (!query) return;
    const { recipients } = await queryClient.fetchQuery({ ...recipientCountQuery(query), staleTime: 0 });
    if (recipients === 0) {
      form.setFieldError('audience', ATTENDEE_MESSAGE_MESSAGES.noRecipients);
      return;
    }
    const confirmed = await new Promise<boolean>((resolve) => {
      void openConfirmAction({
        title: 'Send this message?',
        message: `"${values.subject}" goes to ${people(recipients)} now. It cannot be called back.`,
        onConfirm: () => resolve(true),
        onDismiss: () => resolve(false),
      });
    });
    if (!confirmed) return;
    await send.mutateAsync(toSendBody(event._id, values));
    guard.release();
    form.setInitialValues({ ...initial, subject: '', body: '' });
    form.reset();
    onSent();
  });

  const dates = event.occurrences.map((o) => ({
    value: o._id,
    label: `${dateLabel(o.startsAt, event.timeZone)}${o.status === 'CANCELLED' ? ' (cancelled)' : ''}`,
  }));
  const types = event.ticketTypes.map((t) => ({ value: t._id, label: t.name }));

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="compose-title">
      <form onSubmit={submit} noValidate aria-labelledby="compose-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="compose-title">
            Write to attendees
          </Title>
          <Radio.Group
            label="Who gets it"
            description="Buyers of confirmed orders; each address gets one email."
            {...form.getInputProps('audience')}
          >
            <Stack gap="xs" mt="xs">
              {AUDIENCES.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={AUDIENCE_LABELS[kind]}
                  disabled={
                    (kind === 'OCCURRENCE' && dates.length === 0) ||
                    (kind === 'TICKET_TYPES' && types.length === 0)
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {form.values.audience === 'OCCURRENCE' && (
            <Select
              label="Date"
              data={dates}
              required
              allowDeselect={false}
              {...form.getInputProps('occurrenceId')}
            />
          )}
          {form.values.audience === 'TICKET_TYPES' && (
            <MultiSelect
              label="Ticket types"
              data={types}
              required
              {...form.getInputProps('ticketTypeIds')}
            />
          )}
          {form.values.audience === 'ORDERS' && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Chosen orders
              </Text>
              <Text size="sm" c={form.errors.bookingIds ? 'red.8' : undefined}>
                {form.values.bookingIds.length
                  ? `${form.values.bookingIds.length} order${form.values.bookingIds.length === 1 ? '' : 's'} chosen in the orders list.`
                  : (form.errors.bookingIds ?? 'No orders chosen.')}
              </Text>
              <Anchor component={Link} to={ordersPath} size="sm">
                Choose orders in the event's orders list ("Message buyers")
              </Anchor>
            </Stack>
          )}
          <RecipientCount query={countQuery} />
          <TextInput
            label="Subject"
            required
            maxLength={MAX_MESSAGE_SUBJECT}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            description="Plain text: a blank line starts a new paragraph, and web addresses become links. A line saying why they get it is added at the end."
            required
            autosize
            minRows={8}
            maxRows={20}
            maxLength={MAX_MESSAGE_BODY}
            {...form.getInputProps('body')}
          />
          {form.errors.audience && (
            <Alert color="red" role="alert">
              {form.errors.audience}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={preview.isPending}
              onClick={async () => {
                if (!contentValid()) return;
                const answer = await preview.mutateAsync(content()).catch(() => null);
                if (answer) setPreviewHtml(answer.result.html);
              }}
            >
              Preview
            </Button>
            <Button
              variant="default"
              leftSection={<IconTestPipe size={16} aria-hidden />}
              loading={test.isPending}
              onClick={() => {
                if (contentValid()) void test.mutateAsync(content()).catch(() => {});
              }}
            >
              Send a test to me
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={previewHtml !== null}
        onClose={() => setPreviewHtml(null)}
        title="Email preview"
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {previewHtml !== null && (
          <iframe
            title="The email as attendees will see it"
            srcDoc={previewHtml}
            sandbox=""
            data-testid="email-preview"
            style={{
              width: '100%',
              height: '60vh',
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 4,
            }}
          />
        )}
      </Modal>
    </Card>
  );
}
