// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { publicEventFixture } from '../test/public-event-fixtures';
import { renderPage, renderPublicEventPage } from './prerender';
import { createQueryClient, SEEDED_QUERIES_ID, type SeededQuery, seedQueries } from './query-client';

/**
 * The pages rendered outside the browser (docs/performance.md, "Console on the wire and cold mobile"):
 * the sign-in screen at build time, an event's public page by the server. Node, no DOM: what the build
 * and the server run.
 */
describe('pages rendered outside the browser', () => {
  it('renders the sign-in screen with its title, its fields read-only until the console takes over', async () => {
    const page = await renderPage('/login');
    if (!page) throw new Error('not rendered');
    expect(page.title).toBe('Sign in · Marquee');
    expect(page.body).toContain('Manage your events, orders and organizations.');
    expect(page.body).toContain('>Email or username</label>');
    expect(page.body).not.toContain('<title>');
    // The two text fields wait for the live page; the checkbox is no text field.
    expect(page.body.match(/<input [^>]*>/g)?.map((input) => input.includes('readonly=""'))).toEqual([
      true,
      true,
      false,
    ]);
    expect(page.body).not.toMatch(/<script/);
    expect(page.queries).toEqual([]);
  });

  it("renders an event's page from its answer, escaping what the organizer wrote, with that answer to start from", async () => {
    const hostile = '</script><script>alert(1)</script> <b>Jazz</b>';
    const event = publicEventFixture({ title: hostile, description: `About ${hostile}` });
    const page = await renderPublicEventPage(event);
    if (!page) throw new Error('not rendered');
    expect(page.title).toBe(`${hostile} · Marquee`);
    expect(page.body).not.toMatch(/<script|<b>/);
    expect(page.body).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;Jazz&lt;/b&gt;',
    );
    expect(page.body).toContain('<h1');
    expect(page.queries).toEqual([[['public-event', 'detail', { event: event.slug }], event]]);
  });

  it("the console starts from a rendered page's answers, and from nothing when the block is unreadable", () => {
    const answers: SeededQuery[] = [[['public-event', 'detail', { event: 'jazz' }], { title: 'Jazz' }]];
    const doc = (text: string | null) =>
      ({
        getElementById: (id: string) =>
          id === SEEDED_QUERIES_ID && text !== null ? { textContent: text } : null,
      }) as unknown as Document;
    const client = createQueryClient();
    seedQueries(client, doc(JSON.stringify(answers)));
    expect(client.getQueryData(['public-event', 'detail', { event: 'jazz' }])).toEqual({ title: 'Jazz' });
    const other = createQueryClient();
    seedQueries(other, doc('{not json'));
    seedQueries(other, doc(null));
    expect(other.getQueryCache().getAll()).toHaveLength(0);
  });

  it("seeds an event's answer whatever its zone: one this runtime does not know changes nothing", async () => {
    const doc = (text: string) => ({ getElementById: () => ({ textContent: text }) }) as unknown as Document;
    const key = ['public-event', 'detail', { event: 'jazz' }];
    for (const timeZone of ['Europe/Berlin', 'Mars/Olympus_Mons']) {
      const client = createQueryClient();
      seedQueries(client, doc(JSON.stringify([[key, { title: 'Jazz', timeZone }]])));
      expect(client.getQueryData(key)).toEqual({ title: 'Jazz', timeZone });
    }
    // The zone is loaded in a task of its own (lib/intl.ts, warmZone): let it run, and fail here if it throws.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
