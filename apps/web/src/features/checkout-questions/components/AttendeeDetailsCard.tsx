import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { AttendeeDetailSettings } from '@marquee/contract';
import { useUpdateAttendeeDetails } from '../api/mutations';

/** The built-in details asked for every ticket: the attendee's name and email. */
export function AttendeeDetailsCard({
  eventId,
  settings,
}: {
  eventId: string;
  settings: AttendeeDetailSettings;
}) {
  const update = useUpdateAttendeeDetails();
  const set = (next: Partial<AttendeeDetailSettings>) => update.mutate({ eventId, ...settings, ...next });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="attendee-details-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="attendee-details-title">
          Attendee details
        </Title>
        <Text size="sm" c="dimmed">
          Asked for every ticket, before your own questions.
        </Text>
        <Switch
          label="Ask each attendee's name"
          checked={settings.attendeeNames}
          disabled={update.isPending}
          onChange={(e) => set({ attendeeNames: e.currentTarget.checked })}
        />
        <Switch
          label="Ask each attendee's email"
          checked={settings.attendeeEmails}
          disabled={update.isPending}
          onChange={(e) => set({ attendeeEmails: e.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
