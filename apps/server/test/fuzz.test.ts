import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@marquee/contract';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, subcategories, tags } from '../src/db/schema/index.js';
import { newToken } from '../src/lib/tokens.js';
import { insertBooking } from './booking-fixtures.js';
import { guest, sellableEvent } from './checkout-fixtures.js';
import {
  deeplyNested,
  hashString,
  hostileValues,
  type IdFor,
  type JsonSchema,
  leaves,
  QUERY_VALUES,
  SAMPLE_TEXT,
  sample,
  seededRandom,
  without,
  withValue,
} from './fuzz-cases.js';
import { clientHeaders, createTestApp, createUser, type TestApp } from './helpers.js';
import { buyerAccess, insertRefundRequest } from './refund-fixtures.js';
import { contractRoutes, inputFor, type RouteWorld, routeWorld } from './route-world.js';

/**
 * Bad input gets a 4xx, everywhere (docs/security.md, "Bad input"). Every operation of the OpenAPI
 * document the server serves is called with input made from its own schemas: a valid base (ids of real
 * fixture rows, so access and the handler run), then one hostile change per case: wrong types, missing
 * and unknown fields, empty, huge and NUL-holding strings, negative, fractional and huge numbers,
 * arrays for objects, deep nesting, malformed JSON, wrong content types, in the query and the body.
 * Each is sent as the caller who reaches the handler (an administrator for admin calls, the owner of
 * the fixture organization otherwise) and a few anonymously. No answer may be a 5xx or show internals.
 *
 * Seeded (FUZZ_SEED), a bounded number of cases per operation, a few calls in flight at a time.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** FUZZ_CASES=400 explores further (about 14,000 calls, a minute or more); the default keeps the suite quick. */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 24);
const ANONYMOUS_CASES_PER_OPERATION = 2;
const IN_FLIGHT = 4;

const MUST_TRY: Record<string, unknown[]> = {
  integer: [2 ** 31, 2 ** 53 - 1],
  number: [2 ** 31, 2 ** 53 - 1],
  date: ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'],
};

/** Streams that never end by themselves (server-sent events): covered by their own tests. */
const SKIPPED = new Set(['GET /api/v1/organizer/check-in-live']);

/** What an answer must never show: stack frames, source paths, SQL or the database's own words. */
const INTERNALS =
  /\n\s+at \S|\bat (?:async )?[\w$.<>]+ \(|node_modules|\/src\/|\.[jt]s:\d+|Failed query|\bselect\s.+\sfrom\s"|insert into "|violates .*constraint|duplicate key value|invalid input syntax|\brelation "|\$\d+\b/i;

interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  query?: JsonSchema;
  body?: JsonSchema;
  route?: RouteDef;
}

interface Case {
  label: string;
  anonymous?: boolean;
  query?: Record<string, unknown>;
  /** Appended to the query string as written (bracket syntax, repeated keys). */
  rawQuery?: string;
  body?: unknown;
  /** Sent as written, with its own content type. */
  raw?: { payload: string; contentType: string };
  pathValue?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const byKey = new Map(contractRoutes.map((r) => [`${r.method} ${r.path}`, r]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase() as Operation['method'];
      const id = `${method} ${path}`;
      if (SKIPPED.has(id)) continue;
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === 'query');
      operations.push({
        id,
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: queryParams.length
          ? {
              type: 'object',
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        body: op.requestBody?.content?.['application/json']?.schema,
        route: byKey.get(id),
      });
    }
  }
  return operations;
}

/** Destructive calls run last, so the shared fixtures stay usable for the others. */
const DESTRUCTIVE =
  /delete|cancel|block|update-user-status|logout|change-password|password-reset|archive|unlink|decide|review|issue-refunds|issue-event-refund|refund-processed|decline|confirm-event/;
function phase(op: Operation): number {
  if (op.method === 'GET') return 0;
  return op.method === 'DELETE' || DESTRUCTIVE.test(op.path) ? 2 : 1;
}

/** Path parameters of the hand-registered routes: real names, so the handler runs. */
const PATH_VALUES: Record<string, string> = {
  provider: 'google',
  key: 'fuzz.png',
  accountId: 'acct_fuzz',
  providerRef: 'pay_fuzz',
};
const WEBHOOK_PROVIDER = 'sandbox';

/** Who reaches an operation's handler. */
function callerOf(op: Operation): 'admin' | 'owner' | 'anonymous' {
  const access = op.route?.access;
  if (access === 'admin' || op.path === c.USER_EXPORT_PATH) return 'admin';
  if (!op.route && !op.path.startsWith('/api/v1/organizer/')) return 'anonymous';
  return 'owner';
}

describe('fuzz: bad input gets a 4xx, everywhere', () => {
  let t: TestApp;
  let world: RouteWorld;
  let operations: Operation[] = [];
  let ids: Record<string, string>;
  /** Fields besides the ids that the generic sample cannot guess. */
  let baseBodies: Record<string, Record<string, unknown>>;
  let baseQueries: Record<string, Record<string, unknown>>;
  let calls = 0;
  let uniques = 0;

  beforeAll(async () => {
    t = await createTestApp();
    world = await routeWorld(t);
    const f = world.fixtures;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    operations = operationsOf(doc).sort((a, b) => phase(a) - phase(b) || a.id.localeCompare(b.id));

    const [subcategory] = await t.db.insert(subcategories).values({ name: 'Fuzz subcategory' }).returning();
    const [tag] = await t.db.insert(tags).values({ name: 'Fuzz tag' }).returning();
    const [banner] = await t.db
      .insert(banners)
      .values({
        title: 'Fuzz banner',
        image: '/media/fuzz.png',
        linkType: 'URL',
        linkValue: 'https://x.test',
      })
      .returning();
    if (!subcategory || !tag || !banner) throw new Error('fuzz fixtures');
    const victim = await createUser(t, { organizerRequest: 'PENDING' });
    const read = world.events.get(f.eventId);
    const order = await insertBooking(t.db, { event: read ?? (await world.newEvent()) });
    const donation = await sellableEvent(t, { types: [{ pricing: 'DONATION', price: 100 }] });
    const donationType = donation.ticketTypes[0];
    if (!donationType || !read?.ticketTypes[0]) throw new Error('fuzz fixtures');
    ids = {
      organizationId: f.organizationId,
      eventId: f.eventId,
      event: f.eventId,
      bookingId: f.bookingId,
      memberId: f.memberId,
      categoryId: f.categoryId,
      categoryIds: f.categoryId,
      classTypeId: f.classTypeId,
      subcategoryId: subcategory.id,
      tagId: tag.id,
      tagIds: tag.id,
      bannerId: banner.id,
      bannerIds: banner.id,
      reasonId: f.cancelReasonId,
      userId: victim.id,
      ownerId: world.userIds.owner,
      actorId: world.userIds.admin,
      ticketTypeId: read.ticketTypes[0].id,
      occurrenceId: f.occurrenceOf(f.eventId),
      ticketId: order.tickets[0]?.id ?? randomUUID(),
      ticketIds: order.tickets[0]?.id ?? randomUUID(),
      bookingIds: order.booking.id,
      requestId: (await insertRefundRequest(t.db, { booking: order.booking, tickets: order.tickets })).id,
      nonce: randomUUID(),
    };
    // The buyer's own calls name their order and its access token.
    const buyerOrder = {
      bookingId: order.booking.id,
      token: await buyerAccess(t.db, order.booking.id),
    };
    baseQueries = {
      [c.getBuyerBooking.path]: buyerOrder,
      [c.getRefundOptions.path]: buyerOrder,
      [c.bookingTicketsPdf.path]: buyerOrder,
      [c.bookingCalendar.path]: buyerOrder,
      [c.getContentDetail.path]: { key: 'terms' },
    };
    baseBodies = {
      [c.requestRefund.path]: { ...buyerOrder, ticketIds: order.tickets.map((x) => x.id) },
      [c.cancelHeldBooking.path]: buyerOrder,
      [c.createBooking.path]: {
        eventId: donation.event.id,
        lines: [{ ticketTypeId: donationType.id, quantity: 1, amount: 500 }],
        buyer: guest,
        returnPath: '/orders',
      },
      [c.createBanner.path]: { linkType: 'URL', linkValue: 'https://example.test' },
      [c.updateBanner.path]: { linkType: 'URL', linkValue: 'https://example.test' },
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  async function baseOf(op: Operation) {
    const idFor: IdFor = (field) => ids[field];
    const fromWorld = op.route ? await inputFor(op.route, world.fixtures) : {};
    const query = {
      ...(op.query ? (sample(op.query, 'query', idFor) as Record<string, unknown>) : {}),
      ...fromWorld.query,
      ...baseQueries[op.path],
    };
    const body = op.body
      ? {
          ...(sample(op.body, 'body', idFor) as Record<string, unknown>),
          ...fromWorld.body,
          ...baseBodies[op.path],
        }
      : undefined;
    return { query, body };
  }

  function casesOf(op: Operation, base: { query: Record<string, unknown>; body?: unknown }): Case[] {
    const random = seededRandom(SEED ^ hashString(op.id));
    const fixed: Case[] = [{ label: 'valid base', ...base }];
    const hostile: Case[] = [];
    const queryFields = Object.keys(op.query?.properties ?? {});
    fixed.push({
      label: 'unknown query parameters',
      ...base,
      rawQuery: 'zz=1&__proto__[role]=ADMIN&constructor=x',
    });
    if (queryFields.length) {
      const field = random.pick(queryFields);
      fixed.push({ label: `no query parameters`, body: base.body });
      fixed.push({ label: `${field} repeated`, ...base, query: { ...base.query, [field]: ['1', 'two'] } });
      fixed.push({ label: `${field} in bracket syntax`, ...base, rawQuery: `${field}[a][b]=1` });
      for (const name of queryFields) {
        for (const value of QUERY_VALUES) {
          hostile.push({
            label: `query ${name}=${JSON.stringify(value).slice(0, 40)}`,
            ...base,
            query: { ...base.query, [name]: value },
          });
        }
      }
    }
    // Calls without a JSON body (forms, uploads, webhooks, logout) get the body cases too.
    if (op.method !== 'GET') {
      const schema = op.body ?? {};
      const json = JSON.stringify(base.body ?? {});
      fixed.push(
        { label: 'malformed JSON', ...base, raw: { payload: '{"a": [1, ', contentType: 'application/json' } },
        { label: 'JSON array as the body', ...base, body: [base.body] },
        {
          label: 'JSON scalar as the body',
          ...base,
          raw: { payload: '"text"', contentType: 'application/json' },
        },
        { label: 'text/plain body', ...base, raw: { payload: json, contentType: 'text/plain' } },
        {
          label: 'form body',
          ...base,
          raw: { payload: 'a=1&a=2&b[c]=3', contentType: 'application/x-www-form-urlencoded' },
        },
        {
          label: 'unknown and prototype fields',
          ...base,
          raw: {
            payload: `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"zzUnknown":1,"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{"x":1}}}`,
            contentType: 'application/json',
          },
        },
        { label: 'empty object', ...base, body: {} },
        {
          label: 'deep nesting',
          ...base,
          body: withValue(
            base.body,
            [random.pick(Object.keys(schema.properties ?? { deep: {} }))],
            deeplyNested(),
          ),
        },
      );
      const required = schema.required ?? [];
      if (required.length) {
        const field = random.pick(required);
        fixed.push({ label: `body without ${field}`, ...base, body: without(base.body, [field]) });
      }
      for (const leaf of leaves(schema)) {
        const values = hostileValues(leaf.kind);
        // Column overflows and dates out of range hide behind the extremes: every such field gets them.
        const must = MUST_TRY[leaf.kind] ?? [];
        for (const value of [...must, ...values.filter((v) => !must.includes(v))]) {
          const label = `body ${leaf.path.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`;
          const target = must.includes(value) ? fixed : hostile;
          target.push({ label, ...base, body: withValue(base.body, leaf.path, value) });
        }
      }
    }
    if (op.pathParams.length) {
      hostile.push({ label: 'hostile path parameter', ...base, pathValue: random.pick(QUERY_VALUES) });
    }
    const picked = [...fixed, ...random.shuffle(hostile)].slice(
      0,
      Math.max(CASES_PER_OPERATION, fixed.length),
    );
    const anonymous = [picked[0], random.pick(picked.slice(1))]
      .slice(0, ANONYMOUS_CASES_PER_OPERATION)
      .filter((x): x is Case => x !== undefined)
      .map((x) => ({ ...x, label: `${x.label} (anonymous)`, anonymous: true }));
    return [...picked, ...anonymous];
  }

  function urlOf(op: Operation, k: Case): string {
    let path = op.path;
    for (const name of op.pathParams) {
      const value =
        k.pathValue ?? (op.path.includes('/webhook/') ? WEBHOOK_PROVIDER : (PATH_VALUES[name] ?? 'fuzz'));
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(k.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) {
        params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
      }
    }
    const query = [params.toString(), k.rawQuery].filter(Boolean).join('&');
    return query ? `${path}?${query}` : path;
  }

  /** Names and emails unique per call, at the same length, so each case gets past duplicate checks. */
  function unique(payload: string | undefined): string | undefined {
    const stamp = () => (uniques++).toString(36).padStart(5, '0');
    return payload
      ?.replaceAll(SAMPLE_TEXT, () => `Fuzz ${stamp()}`)
      .replaceAll('Sweep event', () => `Sweep ${stamp()}`)
      .replace(/"[a-z0-9]+@example\.test"/g, () => `"f${stamp()}@example.test"`);
  }

  async function send(op: Operation, k: Case): Promise<string | null> {
    const who = k.anonymous ? 'anonymous' : callerOf(op);
    const token = await world.tokenFor(who);
    const headers: Record<string, string> = {
      ...clientHeaders(token),
      ...(op.method !== 'GET' ? { 'idempotency-key': newToken() } : {}),
    };
    const payload = unique(
      op.method === 'GET'
        ? undefined
        : k.raw
          ? k.raw.payload
          : k.body === undefined
            ? undefined
            : JSON.stringify(k.body),
    );
    if (payload !== undefined) headers['content-type'] = k.raw?.contentType ?? 'application/json';
    calls += 1;
    const answer = await t.app.inject({ method: op.method, url: urlOf(op, k), headers, payload });
    // Internals are looked for in what a caller reads as text; a PDF or an image is binary, where "$0" is chance.
    const binary = /^(application\/pdf|image\/)/.test(String(answer.headers['content-type'] ?? ''));
    const leak = binary ? null : INTERNALS.exec(answer.body);
    if (answer.statusCode < 500 && !leak) return null;
    return `${k.label} as ${who}: ${answer.statusCode} ${leak ? `shows "${leak[0]}": ` : ''}${answer.body.slice(0, 160)}`;
  }

  it('reads the OpenAPI document and finds every contract route in it', () => {
    expect(operations.length).toBeGreaterThan(contractRoutes.length);
    const documented = new Set(operations.map((op) => op.route).filter(Boolean));
    const missing = contractRoutes.filter((r) => !documented.has(r)).map((r) => `${r.method} ${r.path}`);
    expect(missing.filter((id) => !SKIPPED.has(id))).toEqual([]);
  });

  it('answers every case of every operation without a 5xx or an internal detail', {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const cases = casesOf(op, await baseOf(op));
      const queue = [...cases];
      const worker = async () => {
        for (let k = queue.shift(); k; k = queue.shift()) {
          const failure = await send(op, k);
          if (failure) failures.push(`${op.id}: ${failure}`);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }
    // The size of the run, for docs/security.md; the assertion below is what matters.
    console.info(`fuzz: ${operations.length} operations, ${calls} calls, seed ${SEED}`);
    expect(failures).toEqual([]);
  });
});
