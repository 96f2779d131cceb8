import type { ContentKey, ContentPage } from '@marquee/contract';
import type { ContentRow } from '../../db/rows.js';

/** Audit entity type of an editable page; its entity id is the page's key. */
export const CONTENT_PAGE = 'CONTENT_PAGE';

export function toPage(row: ContentRow): ContentPage {
  return {
    key: row.key as ContentKey,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}
