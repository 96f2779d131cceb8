import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_LABELS, type EventDetail } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { whenModalsReady } from '../../../../lib/modals';
import { activeMembersQuery } from '../../api/organization-user-list';
import { useUpdateEventTeam } from '../../api/update-organizer-and-scanners';

function AssignTeam({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const members = useQuery(activeMembersQuery(event.organization._id));
  const save = useUpdateEventTeam();
  const idsOf = (role: 'EVENT_ORGANIZER' | 'SCANNER') =>
    event.team.filter((m) => m.role === role).map((m) => m._id);
  const [organizers, setOrganizers] = useState(idsOf('EVENT_ORGANIZER'));
  const [scanners, setScanners] = useState(idsOf('SCANNER'));
  // Current team members stay choosable even if no longer active, so saving never drops them silently.
  const data = new Map<string, string>();
  for (const m of members.data?.items ?? []) {
    data.set(m._id, `${`${m.firstName} ${m.lastName}`.trim() || m.email} (${m.email})`);
  }
  for (const m of event.team) if (!data.has(m._id)) data.set(m._id, `${m.name} (${m.email})`);
  const options = [...data].map(([value, label]) => ({ value, label }));
  const none = members.isSuccess && members.data.items.length === 0;

  return (
    <Stack gap="md">
      <Text size="sm">
        Only active members of {event.organization.name} can be given a role on this event.
      </Text>
      {none && (
        <Text size="sm" c="dimmed">
          This organization has no active members yet. Invite them from the organization's team tab.
        </Text>
      )}
      <MultiSelect
        label="Event organizers"
        description="Manage this event: edit it, see its orders, check tickets in."
        data={options}
        value={organizers}
        onChange={setOrganizers}
        searchable
        placeholder={members.isPending ? 'Loading members…' : 'Choose members'}
        comboboxProps={{ withinPortal: true }}
        // Focused on opening for the keyboard, but closed: an open list hid the scanners' field.
        data-autofocus
        openOnFocus={false}
      />
      <MultiSelect
        label="Ticket scanners"
        description="Check tickets in at the door; they see only the event's header."
        data={options}
        value={scanners}
        onChange={setScanners}
        searchable
        placeholder={members.isPending ? 'Loading members…' : 'Choose members'}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {CONFIRM_LABELS.cancel}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save
              .mutateAsync({ eventId: event._id, organizers, scanners })
              .then(onClose)
              .catch(() => {})
          }
        >
          Save team
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens once the lazily loaded modal manager listens (lib/modals.ts). */
export async function openAssignTeam(event: EventDetail): Promise<void> {
  await whenModalsReady();
  const id = modals.open({
    title: 'Assign team',
    centered: true,
    size: 'lg',
    children: <AssignTeam event={event} onClose={() => modals.close(id)} />,
  });
}
