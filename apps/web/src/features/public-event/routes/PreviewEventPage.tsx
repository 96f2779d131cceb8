import '../../../styles/mantine-all.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { StatusPage } from '../../../components/StatusPage';
import { getAccessToken } from '../../../lib/storage';
import { previewEventQuery } from '../api/preview-event';
import { isNotFound, PublicLoadError, PublicNotFound, PublicSkeleton } from '../components/PublicStates';
import { EventPage } from './PublicEventPage';

/**
 * `/e/preview/:eventId`: the public page of an event as buyers will see it, before it is published
 * ("Preview" on the event's page in the console). Only its organizers get it (the call answers 404 to
 * anyone else); a banner says it is a preview and checkout is off.
 */
export function PreviewEventPage() {
  const { eventId = '' } = useParams();
  const signedIn = Boolean(getAccessToken());
  const query = useQuery({ ...previewEventQuery(eventId), enabled: signedIn });
  if (!signedIn) {
    return (
      <StatusPage
        code="401"
        title="Sign in to preview this event"
        description="Only the event's organizers can see its page before it is published. Sign in to the console, then open the preview again."
        action={null}
      />
    );
  }
  if (query.isPending) return <PublicSkeleton title="Preview" />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) return <PublicNotFound what="event" />;
    return <PublicLoadError title="The preview" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <EventPage key={query.data._id} event={query.data} preview />;
}
