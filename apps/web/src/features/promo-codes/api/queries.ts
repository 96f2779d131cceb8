import { routeListQuery, routeQuery } from '../../../lib/api-hooks';
import { promoCodeKeys, promoCodeRefKeys } from './keys';

export const promoCodeListQuery = (eventId: string, page: number, limit: number) =>
  routeListQuery(promoCodeKeys.list, { eventId, page, limit });

export const promoEventQuery = (eventId: string) => routeQuery(promoCodeRefKeys.event, { eventId });
