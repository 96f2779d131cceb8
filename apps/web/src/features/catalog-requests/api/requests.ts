import {
  categoryRequest,
  reviewCategoryRequest,
  reviewTagRequest,
  subcategoryRequest,
  tagRequest,
} from '@marquee/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { routeListQuery, useRouteMutation } from '../../../lib/api-hooks';
import { categoryKeys, subcategoryKeys } from '../../catalog';
import { tagKeys } from '../../tags';
import { catalogRequestKeys } from './keys';

export const useMyCatalogRequests = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(catalogRequestKeys.mine, query));

const SENT = { invalidates: [catalogRequestKeys.all] };

/** An organizer's request for a new category, subcategory or tag, by kind. */
export const useSendCatalogRequest = () => ({
  CATEGORY: useRouteMutation(categoryRequest, SENT),
  SUBCATEGORY: useRouteMutation(subcategoryRequest, SENT),
  TAG: useRouteMutation(tagRequest, SENT),
});

/** Which review queue: category and subcategory requests, or tag requests. */
export type RequestQueue = 'CATALOG' | 'TAG';

// Both queues take the same list query and review body and answer the same shapes (CatalogRequest),
// so one queue's types stand for both.
type QueueKey = typeof catalogRequestKeys.categoryQueue;
type ReviewRoute = typeof reviewCategoryRequest;

const QUEUES: Record<RequestQueue, { key: QueueKey; review: ReviewRoute; invalidates: QueryKey[] }> = {
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

export const useReviewQueue = (queue: RequestQueue, query: Record<string, unknown>) =>
  useQuery(routeListQuery(QUEUES[queue].key, query));

export const useReviewRequest = (queue: RequestQueue) =>
  useRouteMutation(QUEUES[queue].review, { invalidates: QUEUES[queue].invalidates });
