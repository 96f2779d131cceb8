import type { ContentBody, ContentPage } from '@marquee/contract';
import type { Who } from '../../../db/audit.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { CONTENT_PAGE, toPage } from '../shapes.js';

/** An administrator's edit of a page's title and text. */
export function updateContentPage(
  unitOfWork: UnitOfWork,
  who: Who,
  input: ContentBody,
): Promise<ContentPage> {
  return unitOfWork(
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
}
