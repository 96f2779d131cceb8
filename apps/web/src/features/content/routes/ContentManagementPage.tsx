import '../../../styles/mantine-all.css';
import { Loader, Stack, Tabs } from '@mantine/core';
import type { ContentKey } from '@marquee/contract';
import { useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { useContentList } from '../api/get-content-list';
import { ContentEditor } from '../components/ContentEditor';

/** The content pages (terms, privacy, about, FAQ), one tab each (`?key=`). */
export function ContentManagementPage() {
  return <ContentManagement />;
}

function ContentManagement() {
  const [params, setParams] = useSearchParams();
  const { data, isPending, error, refetch, isFetching } = useContentList();
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
      {error && !isFetching && <ListError label="The pages" error={error} onRetry={() => void refetch()} />}
      {current && (
        <Tabs value={current.key} onChange={(value) => value && setParams({ key: value }, { replace: true })}>
          <Tabs.List>
            {pages.map((p) => (
              <Tabs.Tab key={p.key} value={p.key}>
                {p.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* Every page's editor stays mounted, so a draft survives switching tabs; keyed by save time,
              so a saved change starts that page's form afresh. */}
          {pages.map((p) => (
            <Tabs.Panel key={p.key} value={p.key} pt="md">
              <ContentEditor key={`${p.key}-${p.updatedAt}`} page={p} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

export default ContentManagementPage;
