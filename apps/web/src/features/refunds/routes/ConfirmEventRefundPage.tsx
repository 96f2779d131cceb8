import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { EventRefundPlan } from '@marquee/contract';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { browser } from '../../../lib/browser';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toasts';
import { useStartEventRefund } from '../api/confirm-event-refund';
import { eventRefundKeys } from '../api/keys';
import { usePayEventDue } from '../api/pay-due-to-cancel-event';
import { EventRefundSummary } from '../components/EventRefundSummary';
import { PlanFrame, useFeeChoice } from '../components/PlanFrame';
import { confirmEventRefundPath, issueEventRefundPath } from '../paths';

function ConfirmActions({ plan, onStarted }: { plan: EventRefundPlan; onStarted: () => void }) {
  const { eventId = '' } = useParams();
  const queryClient = useQueryClient();
  const [fee] = useFeeChoice();
  const refundServiceFee = fee ?? plan.quote.refundServiceFee;
  // Each hook keeps one idempotency key for this confirmation: a retry is the same job, the same payment.
  const start = useStartEventRefund();
  const payment = usePayEventDue();
  // Going to the card page: the button stays busy, so a second click cannot open a second payment.
  const [leaving, setLeaving] = useState(false);
  const money = (amount: number) => formatMoney(amount, plan.currency);
  const due = plan.quote.due;

  function confirm() {
    start.mutate(
      { eventId, refundServiceFee },
      {
        onSuccess: ({ result, message }) => {
          queryClient.setQueryData(eventRefundKeys.progress({ eventId }), result);
          onStarted();
          toast.success(message);
        },
        // The http helper has said why (the event changed, a due appeared…); read the plan again.
        onError: () => void queryClient.invalidateQueries({ queryKey: eventRefundKeys.plan.all }),
      },
    );
  }

  function pay() {
    const returnPath = confirmEventRefundPath(eventId, refundServiceFee);
    payment.mutate(
      { eventId, refundServiceFee, returnPath },
      {
        onSuccess: ({ result }) => {
          if (result.redirectUrl) {
            setLeaving(true);
            browser.assign(result.redirectUrl);
          } else
            toast.error('This payment cannot be made from the console. Contact the platform to settle it.');
        },
      },
    );
  }

  const cancel = (
    <Button variant="default" component={Link} to={issueEventRefundPath(eventId, refundServiceFee)}>
      Cancel
    </Button>
  );
  if (due > 0) {
    return (
      <Stack gap="md" maw={640}>
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The organizer owes money first"
          data-testid="due-required"
        >
          <Text size="sm">
            {`What the platform still holds for this organization (${money(plan.quote.organizerHeld)}) does not cover the organizer's part of the refunds (${money(plan.quote.organizerPart)}). Pay the difference of ${money(due)} by card; the refunds start once the payment is confirmed.`}
          </Text>
        </Alert>
        <Group gap="sm">
          {cancel}
          <Button
            leftSection={<IconCreditCard size={16} aria-hidden />}
            loading={payment.isPending || leaving}
            onClick={pay}
          >
            {`Pay ${money(due)} to start the refunds`}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={640}>
      <Text size="sm">
        {`Refund ${money(plan.quote.amount)} to the buyers of ${plan.bookings} paid ${plan.bookings === 1 ? 'order' : 'orders'}? This cannot be undone.`}
      </Text>
      <Group gap="sm">
        {cancel}
        <Button color="red" loading={start.isPending} onClick={confirm}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/orders/events/:eventId/refund/confirm` (confirm-event-refund): the plan once more with Cancel and
 * Confirm, or the payment of what the organizer owes first; after Confirm (or on return from the card
 * page) the job's progress bar.
 */
export function ConfirmEventRefundPage() {
  const [started, setStarted] = useState(false);
  return (
    <PlanFrame title="Confirm the refunds" started={started}>
      {(plan) => (
        <Stack gap="md">
          <EventRefundSummary plan={plan} />
          <ConfirmActions plan={plan} onStarted={() => setStarted(true)} />
        </Stack>
      )}
    </PlanFrame>
  );
}

export default ConfirmEventRefundPage;
