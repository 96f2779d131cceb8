import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { EVENT_LIMITS } from '@marquee/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ZonedDateTimeInput } from '../../../../components/ZonedDateTimeInput';
import { emptyOccurrence } from './form-model';
import type { EventForm } from './types';

const VISIBILITY = [
  { value: 'PUBLIC', label: 'Public' },
  { value: 'PRIVATE', label: 'Private' },
];

/** Start and end of one date, in the event's zone (the label says which). */
export function StartEnd({ form, index, zone }: { form: EventForm; index: number; zone: string }) {
  const path = `occurrences.${index}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ZonedDateTimeInput
        label="Starts"
        zone={zone}
        required
        value={form.values.occurrences[index]?.startsAt ?? null}
        onChange={(iso) => form.setFieldValue(`${path}.startsAt`, iso)}
        error={form.errors[`${path}.startsAt`]}
      />
      <ZonedDateTimeInput
        label="Ends"
        zone={zone}
        required
        value={form.values.occurrences[index]?.endsAt ?? null}
        onChange={(iso) => form.setFieldValue(`${path}.endsAt`, iso)}
        error={form.errors[`${path}.endsAt`]}
      />
    </SimpleGrid>
  );
}

/**
 * Visibility and optional capacity of one date or session (a multi event's dates, a class's sessions):
 * one place for both, so they read and behave the same.
 */
export function OccurrenceSettings({
  form,
  index,
  noun,
  withCapacity = true,
}: {
  form: EventForm;
  index: number;
  noun: 'date' | 'session';
  /** False for a course's sessions: one ticket covers them all, so the tickets' quantity is the limit. */
  withCapacity?: boolean;
}) {
  const path = `occurrences.${index}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label="Visibility"
        description={`A private ${noun} is reached only through its link`}
        data={VISIBILITY}
        allowDeselect={false}
        {...form.getInputProps(`${path}.visibility`)}
      />
      {withCapacity && (
        <NumberInput
          label="Capacity"
          description={`Optional: seats of this ${noun} over all tickets`}
          min={1}
          max={EVENT_LIMITS.maxQuantity}
          allowDecimal={false}
          {...form.getInputProps(`${path}.capacity`)}
        />
      )}
    </SimpleGrid>
  );
}

/** A multi event's dates: each with its own start, end, visibility and optional capacity. */
export function OccurrenceRows({ form, zone }: { form: EventForm; zone: string }) {
  const rows = form.values.occurrences;
  return (
    <Stack gap="sm">
      {typeof form.errors.occurrences === 'string' && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.occurrences}
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" radius="md" role="group" aria-label={`Date ${index + 1}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              Date {index + 1}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove date ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => form.removeListItem('occurrences', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Stack gap="sm">
            <StartEnd form={form} index={index} zone={zone} />
            <OccurrenceSettings form={form} index={index} noun="date" />
          </Stack>
        </Paper>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={rows.length >= EVENT_LIMITS.maxOccurrences}
        onClick={() => form.insertListItem('occurrences', emptyOccurrence(form.values.visibility))}
      >
        Add a date
      </Button>
    </Stack>
  );
}
