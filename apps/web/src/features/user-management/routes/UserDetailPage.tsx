import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { useSessionProfile } from '../../auth';
import { useUserDetail } from '../api/get-admin-user-detail';
import { BasicProfileTab } from '../components/BasicProfileTab';
import { BlockUserModal } from '../components/BlockUserModal';
import { BookedEventDrawer } from '../components/BookedEventDrawer';
import { CreatedEventsTab } from '../components/CreatedEventsTab';
import { EventsBookedTab } from '../components/EventsBookedTab';
import { nameOf } from '../components/labels';
import { OrganizationsTab } from '../components/OrganizationsTab';
import { RequestBadge, RoleBadge, UserStatusBadge } from '../components/UserBadges';
import { type UserDetailTab, userDetailPath } from '../paths';

const TAB_LABELS: Record<Exclude<UserDetailTab, 'booked-event-details'>, string> = {
  'basic-profile': 'Basic profile',
  'events-booked': 'Events booked',
  'created-events': 'Created events',
  organizations: 'Organizations',
};

const back = { to: PATHS.userManagement, label: 'User management' };

function UserDetail({
  userId,
  tab,
  bookingId,
}: {
  userId: string;
  tab: string | undefined;
  bookingId?: string;
}) {
  const detail = useUserDetail(userId);
  const me = useSessionProfile();
  const navigate = useNavigate();
  const [blocking, setBlocking] = useState(false);
  if (detail.isPending) return <PageLoader label="Loading the user" />;
  if (!detail.data) {
    const missing = detail.error instanceof HttpError && detail.error.status === 404;
    return (
      <Stack gap="lg">
        <PageHeader title={missing ? 'User not found' : 'User'} back={back} />
        {missing ? (
          <Text>This user does not exist. They may have been deleted.</Text>
        ) : (
          <ListError label="This user" error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Stack>
    );
  }
  const user = detail.data;
  const organizer = user.organizerRequest === 'APPROVED' || user.organizationCount > 0;
  const tabs = (Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[]).filter(
    (t) => t !== 'created-events' || organizer,
  );
  // An order opens in a drawer over Events booked (its rows open it); the bare address shows that list.
  const current: UserDetailTab =
    bookingId || tab === 'booked-event-details'
      ? 'events-booked'
      : tabs.includes(tab as keyof typeof TAB_LABELS)
        ? (tab as UserDetailTab)
        : 'basic-profile';
  const self = user._id === me._id;

  return (
    <Stack gap="lg">
      <PageHeader
        title={nameOf(user)}
        back={back}
        description={
          <Stack gap={6}>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Group gap="xs">
              <UserStatusBadge status={user.status} />
              <RoleBadge role={user.role} />
              {user.organizerRequest !== 'NONE' && <RequestBadge value={user.organizerRequest} />}
            </Group>
          </Stack>
        }
        actions={
          self ? undefined : user.status === 'ACTIVE' ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLock size={16} />}
              onClick={() => setBlocking(true)}
            >
              Block user
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} />}
              onClick={() => setBlocking(true)}
            >
              Unblock user
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={current}
          onChange={(value) => value && navigate(userDetailPath(user._id, value as UserDetailTab))}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="basic-profile">
            <BasicProfileTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="events-booked">
            <EventsBookedTab userId={user._id} />
          </Tabs.Panel>
          {organizer && (
            <Tabs.Panel value="created-events">
              <CreatedEventsTab userId={user._id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="organizations">
            <OrganizationsTab userId={user._id} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <BookedEventDrawer userId={user._id} bookingId={bookingId} />
      {/* Keyed by status: the form starts fresh for the next block or unblock. */}
      <BlockUserModal key={user.status} user={user} opened={blocking} onClose={() => setBlocking(false)} />
    </Stack>
  );
}

/** `/user-management/:userId[/:tab]` and `/user-management/:userId/booked-event-details/:bookingId`. */
export function UserDetailPage() {
  const { userId = '', tab, bookingId } = useParams();
  return <UserDetail key={userId} userId={userId} tab={tab} bookingId={bookingId} />;
}
