import type { FeatureRoutes } from '../../lib/routing';
import { eventFormRoutes } from './form-routes';
import { eventScreenRoutes } from './screen-routes';

// Form routes first: their static segments (`new`, `classes/new`) must not be read as an event id.
export const eventRoutes: FeatureRoutes = { admin: [...eventFormRoutes, ...eventScreenRoutes] };
