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
