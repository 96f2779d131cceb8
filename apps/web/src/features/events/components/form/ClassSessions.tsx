import '../../../../styles/mantine-dates.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { ClassSchedule, EVENT_LIMITS } from '@marquee/contract';
import { formatDayDate, formatInZone, formatTime, weeklySessions } from '@marquee/time';
import { IconCalendarRepeat, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { emptyOccurrence, rowKey } from './form-model';
import { OccurrenceSettings, StartEnd } from './OccurrenceRows';
import type { EventForm, StepProps } from './types';
import { zodFieldErrors } from './zod-errors';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const BOOKING_MODE_TEXT = {
  COURSE: 'Course: one ticket covers every session; capacity is counted once.',
  DROP_IN: 'Drop-in: each session is booked on its own.',
} as const;

/** The class type, and the weekly schedule that generates its sessions. */
export function ClassTypeAndSchedule({ form, options, zone }: StepProps & { zone: string }) {
  const chosen = options.classTypes.find((c) => c._id === form.values.classTypeId);
  const s = form.values.schedule;

  function generate() {
    const schedule = {
      days: s.days.map(Number),
      startTime: s.startTime,
      durationMinutes: s.durationMinutes === '' ? Number.NaN : s.durationMinutes,
      firstDate: s.firstDate ?? '',
      lastDate: s.lastDate ?? '',
    };
    const errors = zodFieldErrors(ClassSchedule, schedule);
    if (s.firstDate && s.lastDate && s.lastDate < s.firstDate) {
      errors.lastDate = 'The last date is before the first';
    }
    if (Object.keys(errors).length > 0) {
      form.setErrors({
        ...form.errors,
        ...Object.fromEntries(Object.entries(errors).map(([k, m]) => [`schedule.${k}`, m])),
      });
      return;
    }
    const sessions = weeklySessions(ClassSchedule.parse(schedule), zone, EVENT_LIMITS.maxOccurrences + 1);
    if (sessions.length === 0) {
      form.setFieldError('schedule.days', 'None of these days falls between the first and last date');
      return;
    }
    if (sessions.length > EVENT_LIMITS.maxOccurrences) {
      form.setFieldError(
        'schedule.lastDate',
        `A class can have at most ${EVENT_LIMITS.maxOccurrences} sessions`,
      );
      return;
    }
    form.setFieldValue(
      'occurrences',
      sessions.map((session) => ({ ...emptyOccurrence(form.values.visibility), ...session, key: rowKey() })),
    );
  }

  return (
    <Stack gap="md">
      <Select
        label="Class type"
        placeholder="Choose the class type"
        required
        data={options.classTypes.map((c) => ({ value: c._id, label: c.name }))}
        description={
          chosen ? BOOKING_MODE_TEXT[chosen.bookingMode] : 'Decides how tickets cover the sessions.'
        }
        {...form.getInputProps('classTypeId')}
      />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Title order={3} fz="md">
            Weekly schedule
          </Title>
          <Input.Wrapper label="Days" required error={form.errors['schedule.days']}>
            <Chip.Group multiple {...form.getInputProps('schedule.days')}>
              <Group gap={6} mt={4}>
                {WEEKDAYS.map((day, i) => (
                  <Chip key={day} value={String(i)} size="sm">
                    {day}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TimeInput label={`Starts at (${zone})`} required {...form.getInputProps('schedule.startTime')} />
            <NumberInput
              label="Duration (minutes)"
              required
              min={5}
              max={24 * 60}
              allowDecimal={false}
              {...form.getInputProps('schedule.durationMinutes')}
            />
            <DatePickerInput
              label={`First date (${zone})`}
              placeholder="Pick a day"
              required
              valueFormat="MMM D, YYYY"
              {...form.getInputProps('schedule.firstDate')}
            />
            <DatePickerInput
              label={`Last date (${zone})`}
              placeholder="Pick a day"
              required
              valueFormat="MMM D, YYYY"
              {...form.getInputProps('schedule.lastDate')}
            />
          </SimpleGrid>
          <Button
            leftSection={<IconCalendarRepeat size={16} aria-hidden />}
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            onClick={generate}
          >
            Generate sessions
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The sessions as a calendar list (by month, in the event's zone), each editable or removable. */
export function SessionCalendar({ form, zone, course }: { form: EventForm; zone: string; course: boolean }) {
  const rows = form.values.occurrences;
  const [editing, setEditing] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setEditing((open) => {
      const next = new Set(open);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // Index order is kept (server errors name indexes); months are headings between rows.
  let lastMonth = '';
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Sessions ({rows.length})
        </Title>
        <Text size="sm" c="dimmed">
          Times in {zone}
        </Text>
      </Group>
      {typeof form.errors.occurrences === 'string' && (
        <Alert color="red" variant="light" role="alert">
          {form.errors.occurrences}
        </Alert>
      )}
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No sessions yet: generate them from the weekly schedule, or add one by hand.
        </Text>
      )}
      <Stack
        gap={6}
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Sessions"
      >
        {rows.map((row, index) => {
          const month = row.startsAt ? formatInZone(row.startsAt, 'MMMM yyyy', zone) : 'No date yet';
          const heading = month !== lastMonth ? month : null;
          lastMonth = month;
          const hasError = ['startsAt', 'endsAt', 'visibility', 'capacity'].some(
            (field) => !!form.errors[`occurrences.${index}.${field}`],
          );
          const open = editing.has(row.key) || hasError || !row.startsAt;
          return (
            <li key={row.key} data-testid="session">
              {heading && (
                <Text fw={600} size="sm" mt="xs" mb={4}>
                  {heading}
                </Text>
              )}
              <Paper withBorder p="xs" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                    <Text size="sm" data-testid="session-when">
                      {row.startsAt && row.endsAt
                        ? `${formatDayDate(row.startsAt, zone)} · ${formatTime(row.startsAt, zone)} – ${formatTime(row.endsAt, zone)}`
                        : `Session ${index + 1}`}
                    </Text>
                    {/* What differs from the default shows without opening the row. */}
                    {row.visibility === 'PRIVATE' && (
                      <Badge size="sm" variant="light" color="gray">
                        Private
                      </Badge>
                    )}
                    {!course && row.capacity !== '' && (
                      <Badge size="sm" variant="light" color="gray">
                        {`${row.capacity} seats`}
                      </Badge>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit session ${index + 1}`}
                      aria-expanded={open}
                      onClick={() => toggle(row.key)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove session ${index + 1}`}
                      onClick={() => form.removeListItem('occurrences', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                {open && (
                  <Stack mt="xs" gap="sm">
                    <StartEnd form={form} index={index} zone={zone} />
                    <OccurrenceSettings form={form} index={index} noun="session" withCapacity={!course} />
                  </Stack>
                )}
              </Paper>
            </li>
          );
        })}
      </Stack>
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={rows.length >= EVENT_LIMITS.maxOccurrences}
        onClick={() => form.insertListItem('occurrences', emptyOccurrence(form.values.visibility))}
      >
        Add a session
      </Button>
    </Stack>
  );
}
