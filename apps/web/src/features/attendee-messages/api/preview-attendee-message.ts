import { previewAttendeeMessage } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/** The email as recipients get it, rendered by the server; nothing changes. */
export const usePreviewAttendeeMessage = () =>
  useRouteMutation(previewAttendeeMessage, { invalidates: [], silentSuccess: true });
