import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from './StatusPage';

export function NotFoundMessage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      description="The page you asked for does not exist or has moved. Check the address, or go back to the dashboard."
      action={
        <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={18} />}>
          Back to dashboard
        </Button>
      }
    />
  );
}
