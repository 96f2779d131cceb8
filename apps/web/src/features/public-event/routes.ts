import type { FeatureRoutes } from '../../lib/routing';
import { lazyScreen } from '../../lib/routing';
import { PUBLIC_EVENT_PATHS, PUBLIC_WAITING_LIST_PATH } from './paths';

// Static segments (`return`, `booking`) sit under the event, so no path here can be read as another;
// `preview` is never a slug (the server reserves it), so `/e/preview/:eventId` is the preview's own.
export const publicEventRoutes: FeatureRoutes = {
  public: [
    lazyScreen(
      PUBLIC_EVENT_PATHS.previewEvent,
      () => import('./routes/PreviewEventPage'),
      (m) => m.PreviewEventPage,
    ),
    lazyScreen(
      PUBLIC_EVENT_PATHS.publicEvent,
      () => import('./routes/PublicEventPage'),
      (m) => m.PublicEventPage,
    ),
    lazyScreen(
      PUBLIC_EVENT_PATHS.publicEventReturn,
      () => import('./routes/PaymentReturnPage'),
      (m) => m.PaymentReturnPage,
    ),
    lazyScreen(
      PUBLIC_WAITING_LIST_PATH,
      () => import('./routes/WaitingListEntryPage'),
      (m) => m.WaitingListEntryPage,
    ),
    lazyScreen(
      PUBLIC_EVENT_PATHS.publicBooking,
      () => import('./routes/BookingPage'),
      (m) => m.BookingPage,
    ),
  ],
};
