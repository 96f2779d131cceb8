import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Editable text pages (terms, privacy, about, faq). */
export const contents = pgTable('contents', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ContentRow = typeof contents.$inferSelect;
