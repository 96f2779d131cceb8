import { Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EventRefundSummary } from '../components/EventRefundSummary';
import { PlanFrame, useFeeChoice } from '../components/PlanFrame';
import { confirmEventRefundPath } from '../paths';

/**
 * `/orders/events/:eventId/refund` (issue-event-refund): what refunding every paid order of a cancelled
 * event takes, with the service fee choice (`?refundServiceFee=`), then Continue to the confirmation.
 * Once the job exists this shows its progress instead.
 */
export function IssueEventRefundPage() {
  const { eventId = '' } = useParams();
  const [, setFee] = useFeeChoice();
  return (
    <PlanFrame title="Refund all orders">
      {(plan, refreshing) => (
        <Stack gap="md">
          <Text size="sm" maw={640}>
            Every paid order of this event is refunded in full, in one background job. Buyers get a
            cancellation email.
          </Text>
          <Group gap="sm">
            <Switch
              label="Refund service fee"
              description="Give buyers back the service fee too (the platform's part)."
              checked={plan.quote.refundServiceFee}
              onChange={(e) => setFee(e.currentTarget.checked)}
            />
            {refreshing && <Loader size="xs" aria-label="Updating the amounts" />}
          </Group>
          <EventRefundSummary plan={plan} />
          <Group gap="sm">
            <Button
              component={Link}
              to={confirmEventRefundPath(eventId, plan.quote.refundServiceFee)}
              rightSection={<IconArrowRight size={16} aria-hidden />}
              disabled={refreshing}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      )}
    </PlanFrame>
  );
}

export default IssueEventRefundPage;
