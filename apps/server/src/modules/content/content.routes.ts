import {
  type ContentKey,
  type ContentPage,
  getContentDetail,
  getContentList,
  updateContentDetail,
} from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { contents } from '../../db/schema/index.js';
import { requireAdmin } from '../../lib/access.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { findContent, listContents, updateContent } from './content.repo.js';

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

export async function contentRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  addRoute(app, getContentDetail, async ({ query }) => {
    const row = await findContent(db, query.key);
    if (!row) throw notFound('This page');
    return { message: 'Content loaded.', result: toPage(row) };
  });

  addRoute(app, getContentList, async ({ actor }) => {
    requireAdmin(actor);
    const rows = (await listContents(db)).filter((r) => PAGE_ORDER.includes(r.key as ContentKey));
    rows.sort((a, b) => PAGE_ORDER.indexOf(a.key as ContentKey) - PAGE_ORDER.indexOf(b.key as ContentKey));
    return { message: 'Pages loaded.', result: rows.map(toPage) };
  });

  addRoute(app, updateContentDetail, async ({ actor, body }) => {
    requireAdmin(actor);
    // Line endings are kept as typed, except Windows ones, so blank-line paragraphs behave the same.
    const row = await updateContent(
      db,
      body.key,
      { title: body.title, body: body.body.replace(/\r\n/g, '\n') },
      clock.now(),
    );
    if (!row) throw notFound('This page');
    return { message: `"${row.title}" saved.`, result: toPage(row) };
  });
}
