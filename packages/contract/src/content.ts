import { z } from 'zod';
import { defineRoute, envelope } from './route.js';

export const ContentKey = z.enum(['terms', 'privacy', 'about', 'faq'], {
  error: 'Choose one of terms, privacy, about or faq',
});
export type ContentKey = z.infer<typeof ContentKey>;

export const ContentPage = z.object({
  key: ContentKey,
  title: z.string(),
  /** Plain text; blank lines separate paragraphs. */
  body: z.string(),
  updatedAt: z.iso.datetime(),
});
export type ContentPage = z.infer<typeof ContentPage>;

export const getContentDetail = defineRoute({
  method: 'GET',
  path: '/api/v1/content/get-content-detail',
  summary: 'A content page (terms, privacy, about, faq)',
  tag: 'Content',
  access: 'public',
  query: z.object({ key: ContentKey }),
  response: envelope(ContentPage),
});

/** An administrator's edit of a page; the body keeps the public format (plain text, blank lines between paragraphs). */
export const ContentBody = z.object({
  key: ContentKey,
  title: z
    .string({ error: 'Enter the page title' })
    .trim()
    .min(2, 'The title needs at least 2 characters')
    .max(120, 'The title can have at most 120 characters'),
  body: z
    .string({ error: 'Enter the page text' })
    .trim()
    .min(1, 'Enter the page text')
    .max(50_000, 'The page text can have at most 50000 characters'),
});
export type ContentBody = z.input<typeof ContentBody>;

export const getContentList = defineRoute({
  method: 'GET',
  path: '/api/v1/content/get-content-list',
  summary: 'Every content page, for editing (administrators)',
  tag: 'Content',
  access: 'admin',
  response: envelope(z.array(ContentPage)),
});

export const updateContentDetail = defineRoute({
  method: 'PUT',
  path: '/api/v1/content/update-content-detail',
  summary: 'Edit the title and text of a content page (administrators)',
  tag: 'Content',
  access: 'admin',
  body: ContentBody,
  response: envelope(ContentPage),
});
