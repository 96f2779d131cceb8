import { Anchor, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { type Organization, SOCIAL_LABELS, SOCIAL_NETWORKS } from '@marquee/contract';
import { IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  editOrganizationPath,
  type OrganizationTab,
  organizationEventsPath,
  PATHS,
} from '../../../app/paths';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { formatDate } from '../../../lib/dates';
import { organizationDetailQuery } from '../api/get-organization-detail';
import { OrganizationLogo } from '../components/OrganizationLogo';
import { PayoutsTab } from '../components/PayoutsTab';
import { SettingsSummary } from '../components/SettingsForms';
import { TeamTab } from '../components/TeamTab';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function ProfileTab({ organization: o }: { organization: Organization }) {
  const socials = SOCIAL_NETWORKS.filter((n) => o.socialLinks[n]);
  const link = (url: string) => (
    <Anchor href={url} target="_blank" rel="noreferrer">
      {url}
    </Anchor>
  );
  return (
    <Stack gap="xs" data-testid="organization-profile">
      {o.description && (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {o.description}
        </Text>
      )}
      <Field label="Owner">{`${o.owner.name} (${o.owner.email})`}</Field>
      <Field label="Contact email">{o.contactEmail ?? '—'}</Field>
      <Field label="Contact phone">{o.contactPhone ?? '—'}</Field>
      <Field label="Address">{o.address ?? '—'}</Field>
      <Field label="Website">{o.website ? link(o.website) : '—'}</Field>
      {socials.map((n) => (
        <Field key={n} label={SOCIAL_LABELS[n]}>
          {link(o.socialLinks[n] ?? '')}
        </Field>
      ))}
      <Field label="Currency">{o.currency}</Field>
      <Field label="Created">{formatDate(o.createdAt)}</Field>
    </Stack>
  );
}

const TABS: OrganizationTab[] = ['profile', 'team', 'settings', 'payouts'];

/** `/organizations/:organizationId` with tabs profile, team, settings, payouts (`?tab=`). */
export function OrganizationDetailsPage() {
  const { organizationId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const detail = useQuery(organizationDetailQuery(organizationId));
  if (detail.isPending) return <PageLoader />;
  if (!detail.data) return <NotFoundMessage />;
  const o = detail.data;
  const manages = o.access !== 'MEMBER';
  const visible = manages ? TABS : (['profile', 'settings'] as OrganizationTab[]);
  const asked = params.get('tab') as OrganizationTab | null;
  const tab = asked && visible.includes(asked) ? asked : 'profile';

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <OrganizationLogo organization={o} size={64} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageHeader
            title={o.name}
            description={manages ? undefined : 'You are a member of this organization.'}
            back={{ to: PATHS.organizations, label: 'Organizations' }}
            actions={
              manages && (
                <>
                  <Button
                    component={Link}
                    to={organizationEventsPath(o._id)}
                    variant="default"
                    leftSection={<IconCalendarEvent size={16} />}
                  >
                    Events
                  </Button>
                  <Button
                    component={Link}
                    to={editOrganizationPath(o._id)}
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                  >
                    Edit
                  </Button>
                </>
              )
            }
          />
        </div>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value && value !== 'profile' ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            {manages && <Tabs.Tab value="team">Team</Tabs.Tab>}
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            {manages && <Tabs.Tab value="payouts">Payouts</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab organization={o} />
          </Tabs.Panel>
          {manages && (
            <Tabs.Panel value="team">
              <TeamTab organization={o} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="settings">
            <Stack gap="md">
              <SettingsSummary organization={o} />
              {manages && (
                <Anchor component={Link} to={editOrganizationPath(o._id)} size="sm">
                  Edit settings
                </Anchor>
              )}
            </Stack>
          </Tabs.Panel>
          {manages && (
            <Tabs.Panel value="payouts">
              <PayoutsTab organization={o} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}

export default OrganizationDetailsPage;
