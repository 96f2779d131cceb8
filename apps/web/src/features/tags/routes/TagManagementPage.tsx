import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequestsTable } from '../../catalog-requests';
import { TagsTab } from '../components/TagsTab';

/** Tags and organizers' tag requests (`?tab=tags|requests`). */
export function TagManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'requests' ? 'requests' : 'tags';
  return (
    <Stack gap="lg">
      <PageHeader title="Tag management" description="Tags organizers add to their events." />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'requests' ? { tab: 'requests' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="tags">Tags</Tabs.Tab>
          <Tabs.Tab value="requests">Requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tags" pt="md">
          <TagsTab />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTable queue="TAG" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default TagManagementPage;
