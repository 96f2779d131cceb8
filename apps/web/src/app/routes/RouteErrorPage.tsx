import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { StatusPage } from '../../components/StatusPage';

/**
 * Catches what a screen throws while rendering or loading its code. The usual cause in production is a
 * deploy that replaced the screen's chunk while this tab was open, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  if (import.meta.env?.DEV) console.error(error);
  return (
    <StatusPage
      title="This page could not be shown"
      description="Something went wrong while opening this page. Reloading usually fixes it; if it keeps happening, contact support."
      action={
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          Reload page
        </Button>
      }
    />
  );
}
