import { Stack, Text } from '@mantine/core';
import type { RegisteredUser } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { registeredUsersQuery } from '../api/event-registered-users';
import { inEventZone } from './labels';

type Person = z.infer<typeof RegisteredUser>;

/** The event orders screen's "Registered people" tab: one row per person with confirmed bookings. */
export function RegisteredPeople({ eventId, zone }: { eventId: string; zone: string }) {
  const list = useListParams(['tab'] as const);
  const { tab: _tab, sort: _sort, ...query } = list.query as Record<string, unknown>;
  const result = useQuery(registeredUsersQuery({ ...query, eventId }));
  return (
    <DataTable<Person>
      label="Registered people"
      minWidth={640}
      {...tableBinding(
        { ...list, isFiltered: list.search !== '' },
        result,
        'Nobody has booked this event yet.',
      )}
      onSortChange={undefined}
      rowKey={(p) => p.email}
      searchPlaceholder="Name or email"
      columns={[
        {
          key: 'name',
          title: 'Person',
          card: 'title',
          render: (p) => (
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Text>
            </Stack>
          ),
        },
        { key: 'account', title: 'Account', render: (p) => (p.userId ? 'Signed-in buyer' : 'Guest') },
        { key: 'bookings', title: 'Orders', render: (p) => p.bookings },
        { key: 'tickets', title: 'Tickets', render: (p) => p.tickets },
        { key: 'lastBookedAt', title: 'Last booked', render: (p) => inEventZone(p.lastBookedAt, zone) },
      ]}
    />
  );
}
