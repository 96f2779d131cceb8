import { Button } from '@mantine/core';
import type { BuyerBooking } from '@marquee/contract';
import { IconMailForward } from '@tabler/icons-react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { useResendBookingTickets } from '../api/resend-booking-tickets';

/** The buyer's "Email my tickets again": asks first, names the address, and is busy while it sends. */
export function ResendTicketsButton({ booking }: { booking: BuyerBooking }) {
  const resend = useResendBookingTickets();
  return (
    <Button
      className="no-print"
      variant="default"
      leftSection={<IconMailForward size={18} aria-hidden />}
      loading={resend.isPending}
      disabled={resend.isPending}
      onClick={() =>
        void openConfirmAction({
          title: 'Email my tickets again',
          message: `Send the tickets of order ${booking.code} to ${booking.buyer.email} again?`,
          onConfirm: () => resend.mutateAsync({ bookingId: booking._id, token: booking.accessToken }),
        })
      }
    >
      Email my tickets again
    </Button>
  );
}
