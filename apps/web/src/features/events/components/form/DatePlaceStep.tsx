import { Alert, Divider, Select, Stack, Title } from '@mantine/core';
import { ClassTypeAndSchedule, SessionCalendar } from './ClassSessions';
import { LocationFields } from './LocationFields';
import { OccurrenceRows, StartEnd } from './OccurrenceRows';
import type { StepProps } from './types';

/** Where, in which zone, and when: one date, several dates, or a class's sessions. */
export function DatePlaceStep(props: StepProps) {
  const { form, kind, options } = props;
  const course = options.classTypes.find((c) => c._id === form.values.classTypeId)?.bookingMode === 'COURSE';
  const zone = form.values.location.timeZone;
  return (
    <Stack gap="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Place
        </Title>
        <LocationFields form={form} />
        <Select
          label="Visibility"
          description="Private events are reached only through their link."
          allowDeselect={false}
          data={[
            { value: 'PUBLIC', label: 'Public' },
            { value: 'PRIVATE', label: 'Private' },
          ]}
          {...form.getInputProps('visibility')}
        />
      </Stack>
      <Divider />
      <Stack gap="md">
        <Title order={2} fz="lg">
          {kind === 'CLASS' ? 'Sessions' : kind === 'MULTI' ? 'Dates' : 'Date'}
        </Title>
        {!zone ? (
          // Without a zone a typed time means nothing; the browser's own zone must not stand in.
          <Alert color="blue" variant="light">
            Choose the event's time zone above: dates and times are entered in it.
          </Alert>
        ) : kind === 'SINGLE' ? (
          <StartEnd form={form} index={0} zone={zone} />
        ) : kind === 'MULTI' ? (
          <OccurrenceRows form={form} zone={zone} />
        ) : (
          <>
            <ClassTypeAndSchedule {...props} zone={zone} />
            <SessionCalendar form={form} zone={zone} course={course} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
