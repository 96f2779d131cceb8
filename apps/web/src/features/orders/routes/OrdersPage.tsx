import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EventsWithOrders } from '../components/EventsWithOrders';
import { OrderList } from '../components/OrderList';
import type { OrdersTab } from '../paths';

// The refund requests tab arrives with the refunds issue; until then it is not shown at all.
const TABS: { value: OrdersTab; label: string }[] = [
  { value: 'orders', label: 'Orders' },
  { value: 'events', label: 'Events' },
];

/** `/orders` (`?tab=orders|events`): every order the caller may read, or the events leading to theirs. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const tab: OrdersTab = params.get('tab') === 'events' ? 'events' : 'orders';
  return (
    <Stack gap="lg">
      <PageHeader title="Orders" description="Orders of the events you can see, with their tickets." />
      <Tabs
        value={tab}
        // Each tab has its own search, filters and page: switching starts the other one afresh.
        onChange={(value) => setParams(value === 'events' ? { tab: 'events' } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'orders' ? <OrderList /> : <EventsWithOrders key="events" />}
    </Stack>
  );
}

export default OrdersPage;
