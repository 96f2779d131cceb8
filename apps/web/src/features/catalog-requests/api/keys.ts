import {
  getCategoryRequestList,
  getMyCatalogRequestList,
  getTagRequestList,
  reviewCategoryRequest,
  reviewTagRequest,
} from '@marquee/contract';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { categoryKeys, subcategoryKeys } from '../../catalog';
import { tagKeys } from '../../tags';

export const catalogRequestKeys = queryKeys('catalog-requests', {
  /** An organizer's own requests. */
  mine: getMyCatalogRequestList,
  /** Administrators' review queues. */
  categoryQueue: getCategoryRequestList,
  tagQueue: getTagRequestList,
});

/** Which review queue: category and subcategory requests, or tag requests. */
export type RequestQueue = 'CATALOG' | 'TAG';

// Both queues take the same list query and review body and answer the same shapes (CatalogRequest),
// so one queue's types stand for both.
export type QueueKey = typeof catalogRequestKeys.categoryQueue;

export type ReviewRoute = typeof reviewCategoryRequest;

export const QUEUES: Record<RequestQueue, { key: QueueKey; review: ReviewRoute; invalidates: QueryKey[] }> = {
  CATALOG: {
    key: catalogRequestKeys.categoryQueue,
    review: reviewCategoryRequest,
    // Approving creates the category or subcategory.
    invalidates: [catalogRequestKeys.all, categoryKeys.all, subcategoryKeys.all],
  },
  TAG: {
    key: catalogRequestKeys.tagQueue as unknown as QueueKey,
    review: reviewTagRequest as unknown as ReviewRoute,
    invalidates: [catalogRequestKeys.all, tagKeys.all],
  },
};
