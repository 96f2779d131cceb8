import { Alert, MultiSelect, Stack, Text, Title } from '@mantine/core';
import type { EventDetail } from '@marquee/contract';
import { IconUsers } from '@tabler/icons-react';
import type { TeamValues } from './form-model';
import type { StepProps } from './types';

export interface TeamStepProps extends StepProps {
  /** The caller manages the chosen organization: its members were listed by the drop-down values call. */
  managed: boolean;
  /** The saved event's team (editing or resuming), so members no longer active stay shown. */
  currentTeam: EventDetail['team'];
}

export interface TeamOption {
  value: string;
  label: string;
}

/**
 * Who can be picked: the organization's active members, and the event's current team even when one of
 * them is no longer active (so saving never drops a person silently).
 */
export function teamOptions(
  organization: StepProps['organization'],
  currentTeam: EventDetail['team'],
): TeamOption[] {
  const options = new Map<string, string>();
  for (const m of organization?.members ?? []) options.set(m._id, `${m.name || m.email} (${m.email})`);
  for (const m of currentTeam) {
    if (!options.has(m._id))
      options.set(m._id, `${m.name || m.email} (${m.email}, ${m.memberStatus.toLowerCase()})`);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/** The team as it can be sent: only members who can be picked, and nobody in both roles. */
export function teamToSave(team: TeamValues, options: TeamOption[]): TeamValues {
  const known = new Set(options.map((o) => o.value));
  const organizers = team.organizers.filter((id) => known.has(id));
  return { organizers, scanners: team.scanners.filter((id) => known.has(id) && !organizers.includes(id)) };
}

/** Event organizers and ticket scanners, picked from the organization's active members. */
export function TeamStep({ form, organization, managed, currentTeam }: TeamStepProps) {
  const heading = (
    <Title order={2} fz="lg">
      Team
    </Title>
  );
  if (!organization) {
    return (
      <Stack gap="md">
        {heading}
        <Text size="sm" c="dimmed">
          Choose the organization first (Basics): its active members can be given a role on the event.
        </Text>
      </Stack>
    );
  }
  if (!managed) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />}>
          The owner of {organization.name} assigns this event's organizers and scanners.
        </Alert>
      </Stack>
    );
  }
  const options = teamOptions(organization, currentTeam);
  const { organizers, scanners } = teamToSave(form.values.team, options);
  // A member is an organizer or a scanner, not both: whoever has one role is not offered the other.
  const without = (taken: string[]) => options.filter((o) => !taken.includes(o.value));
  return (
    <Stack gap="md">
      {heading}
      <Text size="sm">
        Only active members of {organization.name} can be given a role. The team is saved with the event.
      </Text>
      {options.length === 0 ? (
        <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />}>
          {organization.name} has no active members yet. Invite them from the organization's Team tab; they
          can be given a role once they accept.
        </Alert>
      ) : (
        <>
          <MultiSelect
            label="Event organizers"
            description="Manage this event: edit it, see its orders, check tickets in."
            data={without(scanners)}
            value={organizers}
            onChange={(ids) => form.setFieldValue('team.organizers', ids)}
            error={form.errors['team.organizers']}
            searchable
            clearable
            placeholder={organizers.length ? undefined : 'Nobody yet'}
            nothingFoundMessage="No other active member"
          />
          <MultiSelect
            label="Ticket scanners"
            description="Check tickets in at the door; they see only the event's header."
            data={without(organizers)}
            value={scanners}
            onChange={(ids) => form.setFieldValue('team.scanners', ids)}
            error={form.errors['team.scanners']}
            searchable
            clearable
            placeholder={scanners.length ? undefined : 'Nobody yet'}
            nothingFoundMessage="No other active member"
          />
        </>
      )}
    </Stack>
  );
}
