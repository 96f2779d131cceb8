import { getCategoryRequestList, getMyCatalogRequestList, getTagRequestList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const catalogRequestKeys = queryKeys('catalog-requests', {
  /** An organizer's own requests. */
  mine: getMyCatalogRequestList,
  /** Administrators' review queues. */
  categoryQueue: getCategoryRequestList,
  tagQueue: getTagRequestList,
});
