import { Stack, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../components/PageHeader';
import { RequestsTable } from '../../catalog-requests';
import { CategoriesTab } from '../components/CategoriesTab';
import { SubcategoriesTab } from '../components/SubcategoriesTab';

const TABS = {
  categories: PATHS.categoryManagement,
  subcategories: PATHS.subcategoryManagement,
  requests: PATHS.categoryRequests,
} as const;
type Tab = keyof typeof TABS;

/** Categories, subcategories and organizers' requests: one screen, one URL per tab (docs/routes.md). */
export function CategoryManagementPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = (Object.entries(TABS).find(([, path]) => path === pathname)?.[0] ?? 'categories') as Tab;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Category management"
        description="Categories and subcategories organizers file their events under."
      />
      <Tabs value={tab} onChange={(value) => value && navigate(TABS[value as Tab])} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
          <Tabs.Tab value="subcategories">Subcategories</Tabs.Tab>
          <Tabs.Tab value="requests">Requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesTab />
        </Tabs.Panel>
        <Tabs.Panel value="subcategories" pt="md">
          <SubcategoriesTab />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTable queue="CATALOG" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default CategoryManagementPage;
