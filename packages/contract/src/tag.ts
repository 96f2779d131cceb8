import { z } from 'zod';
import {
  CatalogName,
  CatalogRequest,
  CatalogStatus,
  RequestListQuery,
  RequestNote,
  ReviewRequestBody,
} from './catalog-common.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/admin/tag';
const TagId = z.uuid({ error: 'Choose a tag' });

export const Tag = z.object({
  _id: z.uuid(),
  name: z.string(),
  status: CatalogStatus,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Tag = z.infer<typeof Tag>;

export const TagBody = z.object({ name: CatalogName('tag'), status: CatalogStatus.default('ACTIVE') });
export type TagBody = z.input<typeof TagBody>;

export const organizerPanelTagList = defineRoute({
  method: 'GET',
  path: `${P}/organizer-panel-tag-list`,
  summary: 'Active tags for organizers, paginated and searchable by name',
  tag: 'Tags',
  access: 'organizer',
  query: pageQuery,
  response: envelope(pageOf(Tag)),
});

/** Chosen here: the administrators' list of every tag (the spec lists only the organizers' one). */
export const tagListWithPagination = defineRoute({
  method: 'GET',
  path: `${P}/tag-list-with-pagination`,
  summary: 'All tags, paginated; search by name, filter by status; sort by name or createdAt',
  tag: 'Tags',
  access: 'admin',
  query: pageQuery.extend({ status: CatalogStatus.optional() }),
  response: envelope(pageOf(Tag)),
});

export const createTag = defineRoute({
  method: 'POST',
  path: `${P}/create-tag`,
  summary: 'Create a tag (name unique regardless of case)',
  tag: 'Tags',
  access: 'admin',
  body: TagBody,
  response: envelope(Tag),
});

export const updateTag = defineRoute({
  method: 'PUT',
  path: `${P}/update-tag`,
  summary: 'Rename a tag or change its status',
  tag: 'Tags',
  access: 'admin',
  body: TagBody.extend({ tagId: TagId }),
  response: envelope(Tag),
});

export const deleteTag = defineRoute({
  method: 'DELETE',
  path: `${P}/delete-tag`,
  summary: 'Delete one or more tags (the bulk action of the tag list)',
  tag: 'Tags',
  access: 'admin',
  body: z.object({
    tagIds: z
      .array(TagId, { error: 'Choose the tags to delete' })
      .min(1, 'Choose the tags to delete')
      .max(100, 'Delete at most 100 tags at once'),
  }),
  response: envelope(z.object({ deleted: z.number().int().nonnegative() })),
});

export const tagRequest = defineRoute({
  method: 'POST',
  path: `${P}/tag-request`,
  summary: 'An organizer asks for a new tag',
  tag: 'Tags',
  access: 'approved-organizer',
  refusal: { message: 'Only approved organizers can send requests.' },
  body: z.object({ name: CatalogName('tag'), note: RequestNote }),
  response: envelope(CatalogRequest),
});

export const getTagRequestList = defineRoute({
  method: 'GET',
  path: `${P}/get-tag-request-list`,
  summary: 'Tag requests from organizers (administrators)',
  tag: 'Tags',
  access: 'admin',
  query: RequestListQuery,
  response: envelope(pageOf(CatalogRequest)),
});

export const reviewTagRequest = defineRoute({
  method: 'PUT',
  path: `${P}/review-tag-request`,
  summary: 'Approve (creates the tag) or reject (with a reason) a tag request',
  tag: 'Tags',
  access: 'admin',
  body: ReviewRequestBody,
  response: envelope(CatalogRequest),
});
