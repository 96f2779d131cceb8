import type { ContentKey, ContentPage } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { toPage } from '../shapes.js';

/** The order pages appear in the console's editor. */
const PAGE_ORDER: ContentKey[] = ['terms', 'privacy', 'about', 'faq'];

/** A public page (terms, privacy …); anyone with the client credentials may read it. */
export async function contentPage(db: DbOrTx, key: ContentKey): Promise<ContentPage> {
  const row = await repo.findContent(db, key);
  if (!row) throw notFound('This page');
  return toPage(row);
}

/** Every editable page, in the editor's order; administrators only. */
export async function contentPages(db: DbOrTx): Promise<ContentPage[]> {
  const rows = (await repo.listContents(db)).filter((r) => PAGE_ORDER.includes(r.key as ContentKey));
  rows.sort((a, b) => PAGE_ORDER.indexOf(a.key as ContentKey) - PAGE_ORDER.indexOf(b.key as ContentKey));
  return rows.map(toPage);
}
