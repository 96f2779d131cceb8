import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { useResendOrderTickets } from '../api/resend-order-tickets';

/** "Resend tickets" on a confirmed order: asks first, names the address, and is busy while it sends. */
export function ResendTicketsButton({ bookingId, email }: { bookingId: string; email: string }) {
  const resend = useResendOrderTickets();
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={resend.isPending}
      disabled={resend.isPending}
      onClick={() =>
        void openConfirmAction({
          title: 'Resend tickets',
          message: `Email the tickets of this order to ${email} again?`,
          onConfirm: () => resend.mutateAsync({ bookingId }),
        })
      }
    >
      Resend tickets
    </Button>
  );
}
