import { Loader, Stack, Tabs, Text } from '@mantine/core';
import type { ContentKey } from '@marquee/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AdminOnly } from '../../auth';
import { useContentList } from '../api/content';
import { ContentEditor } from '../components/ContentEditor';

/** The content pages (terms, privacy, about, FAQ), one tab each (`?key=`). */
export function ContentManagementPage() {
  return (
    <AdminOnly>
      <ContentManagement />
    </AdminOnly>
  );
}

function ContentManagement() {
  const [params, setParams] = useSearchParams();
  const { data, isPending, isError } = useContentList();
  const pages = data ?? [];
  const key = (params.get('key') as ContentKey | null) ?? pages[0]?.key;
  const current = pages.find((p) => p.key === key) ?? pages[0];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Content management"
        description="The pages everyone can read: terms, privacy, about and FAQ."
      />
      {isPending && <Loader size="sm" />}
      {isError && <Text c="red">The pages could not be loaded.</Text>}
      {current && (
        <Tabs
          value={current.key}
          onChange={(value) => value && setParams({ key: value }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            {pages.map((p) => (
              <Tabs.Tab key={p.key} value={p.key}>
                {p.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={current.key} pt="md">
            {/* Keyed by page and save time, so switching pages or a saved change starts a fresh form. */}
            <ContentEditor key={`${current.key}-${current.updatedAt}`} page={current} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

export default ContentManagementPage;
