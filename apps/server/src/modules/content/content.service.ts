import type { ContentBody, ContentKey, ContentPage } from '@marquee/contract';
import type { Who } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { contents } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './content.repo.js';

/** Audit entity type of an editable page; its entity id is the page's key. */
export const CONTENT_PAGE = 'CONTENT_PAGE';

/** The order pages appear in the console's editor. */
const PAGE_ORDER: ContentKey[] = ['terms', 'privacy', 'about', 'faq'];

function toPage(row: typeof contents.$inferSelect): ContentPage {
  return {
    key: row.key as ContentKey,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createContentService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const change = createUnitOfWork({ db, clock });
  return {
    /** A public page (terms, privacy …); anyone with the client credentials may read it. */
    async page(key: ContentKey): Promise<ContentPage> {
      const row = await repo.findContent(db, key);
      if (!row) throw notFound('This page');
      return toPage(row);
    },

    /** Every editable page, in the editor's order; administrators only. */
    async pages(): Promise<ContentPage[]> {
      const rows = (await repo.listContents(db)).filter((r) => PAGE_ORDER.includes(r.key as ContentKey));
      rows.sort((a, b) => PAGE_ORDER.indexOf(a.key as ContentKey) - PAGE_ORDER.indexOf(b.key as ContentKey));
      return rows.map(toPage);
    },

    /** An administrator's edit of a page's title and text. */
    async update(who: Who, input: ContentBody): Promise<ContentPage> {
      return change(
        async ({ tx, now, audit }) => {
          const before = await repo.findContent(tx, input.key, { lock: true });
          if (!before) throw notFound('This page');
          // Line endings are kept as typed, except Windows ones, so blank-line paragraphs behave the same.
          const row = await repo.updateContent(
            tx,
            input.key,
            { title: input.title, body: input.body.replace(/\r\n/g, '\n') },
            now,
          );
          if (!row) throw notFound('This page');
          // A page is known by its key (terms, privacy …), which is what the audit log names.
          await audit({
            action: 'CONTENT_PAGE_UPDATED',
            entityType: CONTENT_PAGE,
            entityId: row.key,
            before,
            after: row,
          });
          return toPage(row);
        },
        { who },
      );
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
