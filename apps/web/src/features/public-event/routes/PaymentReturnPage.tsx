import '../../../styles/mantine-all.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PublicFrame } from '../components/PublicFrame';
import { takePendingBooking } from '../model/pending-booking';
import { publicBookingPath, publicEventPath } from '../paths';

/**
 * `/e/:event/return`: where the payment page sends the buyer back. The booking this tab was paying for
 * waits in sessionStorage; its page says whether the payment went through.
 */
export function PaymentReturnPage() {
  const { event = '' } = useParams();
  const navigate = useNavigate();
  const [pending] = useState(() => takePendingBooking(event));
  useEffect(() => {
    if (pending)
      navigate(publicBookingPath(pending.event, pending.bookingId, pending.token), { replace: true });
  }, [pending, navigate]);
  if (pending) return null;
  return (
    <PublicFrame title="Your booking">
      <Stack maw={560} mx="auto" gap="md">
        <Title order={1} fz={26}>
          We could not find your booking in this browser
        </Title>
        <Text>
          If you paid, your confirmation email has a link to your tickets. You can also go back to the event
          and book again.
        </Text>
        <Button component={Link} to={publicEventPath(event)} w="fit-content">
          Back to the event
        </Button>
      </Stack>
    </PublicFrame>
  );
}
