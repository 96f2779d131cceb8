import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EventsWithOrders } from '../components/EventsWithOrders';
import { OrderList } from '../components/OrderList';
import type { OrdersTab } from '../paths';
import { RefundRequestList } from '../refund-screens/RefundRequestList';

const TABS: { value: OrdersTab; label: string }[] = [
  { value: 'orders', label: 'Orders' },
  { value: 'events', label: 'Events' },
  { value: 'refunds', label: 'Refund requests' },
];

const tabOf = (value: string | null): OrdersTab => TABS.find((t) => t.value === value)?.value ?? 'orders';

/**
 * `/orders` (`?tab=orders|events|refunds`): every order the caller may read, the events leading to
 * theirs, or the buyers' refund requests.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Orders"
        description="Orders of the events you can see, with their tickets and refunds."
      />
      <Tabs
        value={tab}
        // Each tab has its own search, filters and page: switching starts the other one afresh.
        onChange={(value) => setParams(value && value !== 'orders' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'orders' && <OrderList />}
      {tab === 'events' && <EventsWithOrders key="events" />}
      {tab === 'refunds' && <RefundRequestList />}
    </Stack>
  );
}

export default OrdersPage;
