import { z } from 'zod';
import {
  CatalogName,
  CatalogRequest,
  CatalogStatus,
  DisplayOrder,
  RequestKind,
  RequestListQuery,
  RequestNote,
  ReviewRequestBody,
} from './catalog-common.js';
import { MediaUrl } from './media.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/admin/category';
const S = '/api/v1/admin/subcategory';

const CategoryId = z.uuid({ error: 'Choose a category' });
const SubcategoryId = z.uuid({ error: 'Choose a subcategory' });

export const Category = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: MediaUrl.nullable(),
  thumbnail: MediaUrl.nullable(),
  status: CatalogStatus,
  isPopular: z.boolean(),
  order: z.number().int(),
  subcategoryCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Category = z.infer<typeof Category>;

/** What organizers see in pickers: active items only. */
export const CatalogOption = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: MediaUrl.nullable(),
  thumbnail: MediaUrl.nullable(),
});
export type CatalogOption = z.infer<typeof CatalogOption>;

export const CategoryBody = z.object({
  name: CatalogName('category'),
  image: MediaUrl.nullable().default(null),
  status: CatalogStatus.default('ACTIVE'),
  order: DisplayOrder.default(0),
});
export type CategoryBody = z.input<typeof CategoryBody>;

export const CategoryListQuery = pageQuery.extend({
  status: CatalogStatus.optional(),
  isPopular: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const ActiveListQuery = z.object({ search: z.string().trim().max(200).optional() });

export const getCategoryList = defineRoute({
  method: 'GET',
  path: `${P}/get-category-list`,
  summary: 'Active categories, by order then name (administrators and organizers)',
  tag: 'Categories',
  access: 'organizer',
  query: ActiveListQuery,
  response: envelope(z.array(CatalogOption)),
});

export const categoryListWithPagination = defineRoute({
  method: 'GET',
  path: `${P}/category-list-with-pagination`,
  summary:
    'All categories, paginated; search by name; filter by status and popular; sort by name, order, createdAt',
  tag: 'Categories',
  access: 'admin',
  query: CategoryListQuery,
  response: envelope(pageOf(Category)),
});

export const getCategoryDetail = defineRoute({
  method: 'GET',
  path: `${P}/get-category-detail`,
  summary: 'One category',
  tag: 'Categories',
  access: 'admin',
  query: z.object({ categoryId: CategoryId }),
  response: envelope(Category),
});

export const createCategory = defineRoute({
  method: 'POST',
  path: `${P}/create-category`,
  summary: 'Create a category (name unique regardless of case)',
  tag: 'Categories',
  access: 'admin',
  body: CategoryBody,
  response: envelope(Category),
});

export const updateCategory = defineRoute({
  method: 'PUT',
  path: `${P}/update-category`,
  summary: 'Edit a category',
  tag: 'Categories',
  access: 'admin',
  body: CategoryBody.extend({ categoryId: CategoryId }),
  response: envelope(Category),
});

export const updateStatusCategory = defineRoute({
  method: 'PUT',
  path: `${P}/update-status-category`,
  summary: 'Activate or deactivate a category',
  tag: 'Categories',
  access: 'admin',
  body: z.object({ categoryId: CategoryId, status: CatalogStatus }),
  response: envelope(Category),
});

export const getPopularCategoryList = defineRoute({
  method: 'GET',
  path: `${P}/get-popular-category-list`,
  summary: 'Active popular categories',
  tag: 'Categories',
  access: 'organizer',
  response: envelope(z.array(CatalogOption)),
});

export const markAsPopularCategory = defineRoute({
  method: 'PUT',
  path: `${P}/mark-as-popular-category`,
  summary: 'Mark or unmark a category as popular',
  tag: 'Categories',
  access: 'admin',
  body: z.object({ categoryId: CategoryId, isPopular: z.boolean({ error: 'Say whether it is popular' }) }),
  response: envelope(Category),
});

export const CategoryRequestBody = z.object({ name: CatalogName('category'), note: RequestNote });

export const categoryRequest = defineRoute({
  method: 'POST',
  path: `${P}/category-request`,
  summary: 'An organizer asks for a new category',
  tag: 'Categories',
  access: 'approved-organizer',
  refusal: { message: 'Only approved organizers can send requests.' },
  body: CategoryRequestBody,
  response: envelope(CatalogRequest),
});

/** Chosen here (the spec names no call for reviewing): category and subcategory requests. */
export const getCategoryRequestList = defineRoute({
  method: 'GET',
  path: `${P}/get-category-request-list`,
  summary: 'Category and subcategory requests from organizers (administrators)',
  tag: 'Categories',
  access: 'admin',
  query: RequestListQuery.extend({ kind: RequestKind.exclude(['TAG']).optional() }),
  response: envelope(pageOf(CatalogRequest)),
});

export const reviewCategoryRequest = defineRoute({
  method: 'PUT',
  path: `${P}/review-category-request`,
  summary: 'Approve (creates the category or subcategory) or reject (with a reason) a request',
  tag: 'Categories',
  access: 'admin',
  body: ReviewRequestBody,
  response: envelope(CatalogRequest),
});

// ---------- Subcategories ----------

export const Subcategory = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: MediaUrl.nullable(),
  thumbnail: MediaUrl.nullable(),
  status: CatalogStatus,
  isPopular: z.boolean(),
  order: z.number().int(),
  categories: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Subcategory = z.infer<typeof Subcategory>;

export const SubcategoryBody = z.object({
  name: CatalogName('subcategory'),
  image: MediaUrl.nullable().default(null),
  status: CatalogStatus.default('ACTIVE'),
  order: DisplayOrder.default(0),
  categoryIds: z
    .array(CategoryId, { error: 'Choose at least one category' })
    .min(1, 'Choose at least one category')
    .max(50, 'Choose at most 50 categories'),
});
export type SubcategoryBody = z.input<typeof SubcategoryBody>;

export const getSubcategoryList = defineRoute({
  method: 'GET',
  path: `${S}/get-subcategory-list`,
  summary: 'Active subcategories, optionally of one category (administrators and organizers)',
  tag: 'Subcategories',
  access: 'organizer',
  query: ActiveListQuery.extend({ categoryId: CategoryId.optional() }),
  response: envelope(z.array(CatalogOption)),
});

export const subcategoryListWithPagination = defineRoute({
  method: 'GET',
  path: `${S}/subcategory-list-with-pagination`,
  summary: 'All subcategories, paginated; search, status, popular and category filters',
  tag: 'Subcategories',
  access: 'admin',
  query: CategoryListQuery.extend({ categoryId: CategoryId.optional() }),
  response: envelope(pageOf(Subcategory)),
});

export const getSubcategoryDetail = defineRoute({
  method: 'GET',
  path: `${S}/get-subcategory-detail`,
  summary: 'One subcategory with its categories',
  tag: 'Subcategories',
  access: 'admin',
  query: z.object({ subcategoryId: SubcategoryId }),
  response: envelope(Subcategory),
});

export const associateCategoryList = defineRoute({
  method: 'GET',
  path: `${S}/associate-category-list`,
  summary:
    'Every category, flagged when the given subcategory belongs to it (the picker of the subcategory form)',
  tag: 'Subcategories',
  access: 'admin',
  query: z.object({ subcategoryId: SubcategoryId.optional() }),
  response: envelope(
    z.array(z.object({ _id: z.uuid(), name: z.string(), status: CatalogStatus, associated: z.boolean() })),
  ),
});

export const createSubcategory = defineRoute({
  method: 'POST',
  path: `${S}/create-subcategory`,
  summary: 'Create a subcategory in one or more categories',
  tag: 'Subcategories',
  access: 'admin',
  body: SubcategoryBody,
  response: envelope(Subcategory),
});

export const updateSubcategory = defineRoute({
  method: 'PUT',
  path: `${S}/update-subcategory`,
  summary: 'Edit a subcategory and its categories',
  tag: 'Subcategories',
  access: 'admin',
  body: SubcategoryBody.extend({ subcategoryId: SubcategoryId }),
  response: envelope(Subcategory),
});

export const updateStatusSubcategory = defineRoute({
  method: 'PUT',
  path: `${S}/update-status-subcategory`,
  summary: 'Activate or deactivate a subcategory',
  tag: 'Subcategories',
  access: 'admin',
  body: z.object({ subcategoryId: SubcategoryId, status: CatalogStatus }),
  response: envelope(Subcategory),
});

export const deleteSubcategory = defineRoute({
  method: 'DELETE',
  path: `${S}/delete-subcategory`,
  summary: 'Delete a subcategory (409 while events use it)',
  tag: 'Subcategories',
  access: 'admin',
  body: z.object({ subcategoryId: SubcategoryId }),
  response: envelope(z.null()),
});

export const getPopularSubcategoryList = defineRoute({
  method: 'GET',
  path: `${S}/get-popular-subcategory-list`,
  summary: 'Active popular subcategories',
  tag: 'Subcategories',
  access: 'organizer',
  response: envelope(z.array(CatalogOption)),
});

export const markAsPopularSubcategory = defineRoute({
  method: 'PUT',
  path: `${S}/mark-as-popular-subcategory`,
  summary: 'Mark or unmark a subcategory as popular',
  tag: 'Subcategories',
  access: 'admin',
  body: z.object({
    subcategoryId: SubcategoryId,
    isPopular: z.boolean({ error: 'Say whether it is popular' }),
  }),
  response: envelope(Subcategory),
});

export const SubcategoryRequestBody = z.object({
  name: CatalogName('subcategory'),
  categoryIds: z.array(CategoryId).max(50).default([]),
  note: RequestNote,
});

export const subcategoryRequest = defineRoute({
  method: 'POST',
  path: `${S}/subcategory-request`,
  summary: 'An organizer asks for a new subcategory (optionally in given categories)',
  tag: 'Subcategories',
  access: 'approved-organizer',
  refusal: { message: 'Only approved organizers can send requests.' },
  body: SubcategoryRequestBody,
  response: envelope(CatalogRequest),
});

/** Chosen here: an organizer's own requests of every kind (categories, subcategories, tags). */
export const getMyCatalogRequestList = defineRoute({
  method: 'GET',
  path: `${P}/my-catalog-request-list`,
  summary: "The signed-in organizer's own category, subcategory and tag requests, newest first",
  tag: 'Categories',
  access: 'approved-organizer',
  refusal: { message: 'Only approved organizers can send requests.' },
  query: RequestListQuery.extend({ kind: RequestKind.optional() }),
  response: envelope(pageOf(CatalogRequest)),
});
