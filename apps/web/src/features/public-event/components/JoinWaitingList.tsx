import { Button, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_WAITING_QUANTITY, type PublicEvent, type PublicTicketType } from '@marquee/contract';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { join } from '../api/join-waiting-list';
import { publicWaitingListPath } from '../paths';

interface JoinValues {
  name: string;
  email: string;
  quantity: number | string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Under a sold-out ticket type: join its waiting list (name, email, how many), then see your place. */
export function JoinWaitingList({
  event,
  type,
  occurrenceId,
}: {
  event: PublicEvent;
  type: PublicTicketType;
  occurrenceId: string | null;
}) {
  const [open, setOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // The button that opened the form is gone: focus goes to the form's first field instead of the page.
  useEffect(() => {
    if (open) nameRef.current?.focus();
  }, [open]);
  const navigate = useNavigate();
  const formId = useId();
  const form = useForm<JoinValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', quantity: 1 },
    validate: {
      name: (v) => (v.trim().length < 2 ? 'Enter your name' : null),
      email: (v) => (EMAIL.test(v.trim()) ? null : 'Enter a valid email address'),
      quantity: (v) =>
        typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_WAITING_QUANTITY
          ? `Ask for 1 to ${MAX_WAITING_QUANTITY} tickets`
          : null,
    },
  });
  const submit = submitWithServerErrors(form, async (values) => {
    const entry = await join({
      eventId: event._id,
      ...(occurrenceId ? { occurrenceId } : {}),
      ticketTypeId: type._id,
      name: values.name.trim(),
      email: values.email.trim(),
      quantity: Number(values.quantity),
    });
    navigate(publicWaitingListPath(event.slug || event._id, entry._id, entry.token));
  });
  return (
    <Stack gap="xs" mt="md" data-testid={`waiting-list-${type._id}`}>
      {!open && (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconHourglass size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(true)}
        >
          {`Join waiting list for ${type.name}`}
        </Button>
      )}
      {open && (
        <form id={formId} onSubmit={submit} noValidate aria-label={`Join the waiting list for ${type.name}`}>
          <Stack gap="xs">
            <Text size="sm">
              When seats come back, they are offered in line order. We email you a link that holds them for
              you.
            </Text>
            <TextInput
              ref={nameRef}
              label="Your name"
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <NumberInput
              label="How many tickets"
              min={1}
              max={MAX_WAITING_QUANTITY}
              allowDecimal={false}
              required
              {...form.getInputProps('quantity')}
            />
            <Button type="submit" loading={form.submitting}>
              Join waiting list
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
