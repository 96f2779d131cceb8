import { panelOrganizerEventDetail, promoCodeList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const promoCodeKeys = queryKeys('promo-codes', { list: promoCodeList });

/** The event the codes belong to (its ticket types, dates and zone), read under this feature's scope. */
export const promoCodeRefKeys = queryKeys('promo-code-refs', { event: panelOrganizerEventDetail });
