import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { rebuildRollups } from './rollup.js';
import * as schema from './schema/index.js';

/**
 * `npm run seed -- --scale large|medium|tiny`: a platform at scale, generated inside PostgreSQL with
 * set-based `INSERT … SELECT … FROM generate_series(…)` statements, one table at a time (docs/performance.md).
 * Ids are derived from the row's number (md5 of 'scale-…-n', made a version-4 uuid), so the steps join without lookups.
 * The data follows the rules of real data; `checkScale` verifies them.
 */
export interface ScaleSize {
  users: number;
  organizations: number;
  events: number;
  bookings: number;
}

export const SCALES: Record<'tiny' | 'medium' | 'large', ScaleSize> = {
  tiny: { users: 1_000, organizations: 10, events: 100, bookings: 3_000 },
  medium: { users: 20_000, organizations: 200, events: 5_000, bookings: 100_000 },
  large: { users: 200_000, organizations: 2_000, events: 50_000, bookings: 1_000_000 },
};

export type ScaleName = keyof typeof SCALES;

export function isScaleName(value: string): value is ScaleName {
  return Object.hasOwn(SCALES, value);
}

/** The accounts' domain: scale users can be told from demo users (and signed in with SCALE_PASSWORD). */
export const SCALE_EMAIL_DOMAIN = 'scale.marquee.test';

/** Every scale account's password (one hash for all: hashing 200,000 would take minutes). */
export const SCALE_PASSWORD = 'Scale-Password-1';

export interface StepReport {
  step: number;
  steps: number;
  name: string;
  rows: number;
  ms: number;
}

const FIRST = `array['Ada','Ben','Chloe','Dmitri','Elena','Farid','Grace','Hugo','Ines','Jonas','Keiko','Liam','Maya','Noah','Olga','Pablo','Quinn','Rosa','Sami','Tara','Umar','Vera','Wen','Xavier','Yara','Zoe','Aiko','Bruno','Carla','Diego','Emma','Felix','Gina','Hana','Ivan','Julia','Kofi','Lena','Marco','Nina']`;
const LAST = `array['Smith','Garcia','Muller','Rossi','Dubois','Kowalski','Novak','Silva','Jensen','Nakamura','Okafor','Patel','Larsen','Ivanova','Costa','Moreau','Fischer','Bianchi','Santos','Nielsen','Horvat','Lopez','Schmidt','Romano','Kim','Chen','Ali','Khan','Berg','Weber','Bauer','Haas','Lind','Falk','Roth','Stone','Wolf','Hart','Lamb','Reed']`;
const ADJ = `array['Midnight','Sunrise','Electric','Golden','Silent','Urban','Open','Grand','Little','Wild','Blue','Crimson','Velvet','Northern','Summer','Winter','Acoustic','Modern','Classic','Secret']`;
const NOUN = `array['Jazz Night','Yoga Flow','Comedy Club','Wine Tasting','Pottery Class','Film Festival','Book Fair','Dance Workshop','Street Food Market','Chess Open','Tech Meetup','Salsa Evening','Choir Concert','Photo Walk','Theatre Premiere','Craft Beer Fest','Piano Recital','Coding Bootcamp','Art Exhibition','Marathon Expo']`;
const ORG_NOUN = `array['Harbor','Lantern','Meridian','Orchard','Beacon','Summit','Riverside','Foundry','Atlas','Compass']`;
const SOCIAL = `'{"facebook":null,"instagram":null,"x":null,"linkedin":null,"youtube":null,"tiktok":null}'::jsonb`;
const uuidOf = (kind: string, ...parts: string[]) =>
  `overlay(overlay(md5('scale-${kind}-' || ${parts.join(` || '-' || `)}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The statements, in order; `$1` is the shared password hash of every scale account. */
function steps(size: ScaleSize): { name: string; sql: string }[] {
  const { users: U, organizations: O, events: E, bookings: B } = size;
  return [
    {
      name: 'users',
      sql: `insert into users (id, email, username, first_name, last_name, password_hash, role, status,
          organizer_request, blocked_reason, blocked_at, created_at, updated_at)
        select ${uuidOf('user', 'i')}, lower(fn || '.' || ln || i) || '@${SCALE_EMAIL_DOMAIN}', 'scale' || i, fn, ln, $1,
          'USER', (case when i % 97 = 0 then 'BLOCKED' else 'ACTIVE' end)::user_status,
          (case when i <= ${O} then 'APPROVED' when i % 501 = 0 then 'PENDING' else 'NONE' end)::organizer_request,
          case when i % 97 = 0 then 'Chargebacks' end, case when i % 97 = 0 then ts + interval '1 day' end, ts, ts
        from (select i, (${FIRST})[1 + i % 40] fn, (${LAST})[1 + (i / 40) % 40] ln,
                now() - interval '760 days' + (i::float / ${U}) * interval '750 days' ts
              from generate_series(1, ${U}) i) s`,
    },
    {
      name: 'organizations',
      sql: `insert into organizations (id, owner_id, name, description, contact_email, social_links, currency, time_zone,
          refund_policy, refund_approval, service_fee_paid_by, payout_account_id, payout_status, created_at, updated_at)
        select ${uuidOf('org', 'j')}, ${uuidOf('user', 'j')},
          (${ADJ})[1 + j % 20] || ' ' || (${ORG_NOUN})[1 + (j / 20) % 10] || ' ' || j, 'Generated at scale.',
          'org' || j || '@${SCALE_EMAIL_DOMAIN}', ${SOCIAL}, (array['USD','EUR','GBP'])[1 + j % 3],
          (array['America/New_York','Europe/Berlin','Europe/London'])[1 + j % 3],
          'UNTIL_HOURS_BEFORE_START', 'MANUAL',
          (case when j % 4 = 0 then 'ABSORBED' else 'BUYER' end)::service_fee_payer,
          'sandbox_acct_scale_' || j, 'ACTIVE', now() - interval '740 days', now() - interval '740 days'
        from generate_series(1, ${O}) j`,
    },
    {
      name: 'scale_ev (helper)',
      sql: `create temp table scale_ev as
        select k, ${uuidOf('event', 'k')} id, o, ${uuidOf('org', 'o')} org_id, ${uuidOf('user', 'o')} owner_id,
          (array['USD','EUR','GBP'])[1 + o % 3] currency,
          (array['America/New_York','Europe/Berlin','Europe/London'])[1 + o % 3] tz,
          (case when o % 4 = 0 then 'ABSORBED' else 'BUYER' end)::service_fee_payer fee_payer,
          (case when k % 10 < 6 then 'SINGLE' when k % 10 < 8 then 'MULTI' else 'CLASS' end)::event_kind kind,
          (case when k % 10 < 8 then null when k % 20 = 19 then 'COURSE' else 'DROP_IN' end)::class_booking_mode mode,
          (case when k % 20 = 0 then 'DRAFT' when k % 20 = 1 then 'CANCELLED' when k % 20 < 10 then 'COMPLETED'
                else 'PUBLISHED' end)::event_status status,
          case when k % 10 < 6 then 1 when k % 10 < 8 then 3 else 4 end n_occ,
          date_trunc('day', case when k % 20 between 2 and 9 then now() - ((40 + (k * 37) % 660) * interval '1 day')
                            else now() + ((1 + (k * 37) % 300) * interval '1 day') end) + interval '19 hours' starts_at,
          500 + ((k * 131) % 60) * 100 price, k % 7 = 0 first_free
        from (select k, 1 + (k - 1) % ${O} o from generate_series(1, ${E}) k) s;
        create unique index on scale_ev (k); analyze scale_ev`,
    },
    {
      name: 'events',
      sql: `insert into events (id, organization_id, kind, title, description, slug, class_type_id, class_booking_mode,
          location_type, venue_name, address, time_zone, visibility, status, is_verified, starts_at, ends_at,
          published_at, cancelled_at, cancel_note, created_by, created_at, updated_at)
        select id, org_id, kind, (${ADJ})[1 + k % 20] || ' ' || (${NOUN})[1 + (k / 20) % 20] || ' #' || k,
          'A generated event.', case when status <> 'DRAFT' then 'scale-event-' || k end,
          case when mode is not null then (select c.id from class_types c where c.booking_mode = mode order by c."order" limit 1) end,
          mode, 'VENUE', 'Hall ' || (1 + k % 50), (1 + k % 300) || ' Main Street', tz, 'PUBLIC', status, k % 3 = 0,
          starts_at, starts_at + (n_occ - 1) * interval '7 days' + interval '2 hours',
          case when status <> 'DRAFT' then starts_at - interval '90 days' end,
          case when status = 'CANCELLED' then starts_at - interval '30 days' end,
          case when status = 'CANCELLED' then 'Venue unavailable' end,
          owner_id, starts_at - interval '100 days', starts_at - interval '90 days'
        from scale_ev`,
    },
    {
      name: 'event_slugs',
      sql: `insert into event_slugs (slug, event_id, created_at)
        select slug, id, published_at from events where slug like 'scale-event-%' on conflict do nothing`,
    },
    {
      name: 'event_occurrences',
      sql: `insert into event_occurrences (id, event_id, starts_at, ends_at, status, capacity, created_at, updated_at)
        select ${uuidOf('occ', 'k', 'n')}, id, starts_at + (n - 1) * interval '7 days',
          starts_at + (n - 1) * interval '7 days' + interval '2 hours', 'SCHEDULED', null,
          starts_at - interval '100 days', starts_at - interval '100 days'
        from scale_ev, generate_series(1, n_occ) n`,
    },
    {
      name: 'event_ticket_types',
      sql: `insert into event_ticket_types (id, event_id, pricing, name, price, quantity, position, max_per_order, created_at, updated_at)
        select ${uuidOf('tt', 'k', 't')}, id,
          (case when t = 1 and first_free then 'FREE' else 'PAID' end)::ticket_pricing,
          case when t = 1 then 'General admission' else 'VIP' end,
          case when t = 1 and first_free then 0 else price * t end, case when t = 1 then 100 else 30 end, t - 1, 10,
          starts_at - interval '100 days', starts_at - interval '100 days'
        from scale_ev, generate_series(1, 2) t`,
    },
    {
      name: 'ticket_inventory',
      sql: `insert into ticket_inventory (id, event_id, ticket_type_id, occurrence_id, capacity, sold)
        select ${uuidOf('inv', 'k', 't', 'n')}, id, ${uuidOf('tt', 'k', 't')},
          case when n > 0 then ${uuidOf('occ', 'k', 'n')} end, case when t = 1 then 100 else 30 end, 0
        from scale_ev, generate_series(1, 2) t,
          generate_series(case when mode = 'COURSE' then 0 else 1 end, case when mode = 'COURSE' then 0 else n_occ end) n`,
    },
    {
      name: 'scale_b (helper)',
      sql: `select setseed(0.42);
        create temp table scale_sell as
          select (row_number() over (order by k) - 1)::int idx, k from scale_ev where status in ('COMPLETED', 'PUBLISHED');
        create unique index on scale_sell (idx);
        create temp table scale_b as
        with pick as (
          select b, floor((select count(*) from scale_sell) * power(random(), 3))::int idx, random() r_occ,
            random() r_status, random() r_q1, random() r_q2, random() r_time, 1 + floor(random() * ${U})::int u
          from generate_series(1, ${B}) b
        ), base as (
          select p.b, e.k, e.id event_id, e.org_id, e.owner_id, e.currency, e.fee_payer, e.mode, e.status ev_status,
            case when e.mode = 'COURSE' then 0 else 1 + floor(p.r_occ * e.n_occ)::int end n,
            e.starts_at, p.u,
            (case when p.r_status < 0.95 then 'CONFIRMED' when p.r_status < 0.97 then 'EXPIRED'
                  when p.r_status < 0.99 then 'FAILED' else 'CANCELLED' end)::booking_status status,
            1 + floor(p.r_q1 * 4)::int q1, case when p.r_q2 < 0.15 then 1 else 0 end q2,
            case when e.first_free then 0 else e.price end p1, e.price * 2 p2, p.r_time
          from pick p join scale_sell s on s.idx = p.idx join scale_ev e on e.k = s.k
        ), amounts as (
          select *, case when p1 = 0 then 0 else p1 / 20 + 50 end f1, p2 / 20 + 50 f2,
            least(now() - interval '10 minutes', starts_at + (greatest(n, 1) - 1) * interval '7 days' - interval '1 day')
              - r_time * interval '60 days' created_at
          from base
        )
        select *, ${uuidOf('booking', 'b')} id,
          case when n > 0 then ${uuidOf('occ', 'k', 'n')} end occ_id,
          q1 * p1 + q2 * p2 subtotal, q1 * f1 + q2 * f2 fee
        from amounts;
        create unique index on scale_b (b); analyze scale_b`,
    },
    {
      name: 'bookings',
      sql: `insert into bookings (id, code, access_token_hash, event_id, organization_id, occurrence_id, buyer_user_id,
          buyer_name, buyer_email, status, currency, subtotal, service_fee, total, organizer_amount, fee_paid_by,
          hold_expires_at, confirmed_at, created_at, updated_at)
        select sb.id,
          'MQ-' || (select string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
                      ((((sb.b::bigint * 2654435761) % 1099511627776) >> (5 * p)) % 32)::int + 1, 1), '' order by p)
                    from generate_series(0, 7) p),
          md5('scale-token-' || sb.b), sb.event_id, sb.org_id, sb.occ_id, u.id, u.first_name || ' ' || u.last_name, u.email,
          sb.status, sb.currency, sb.subtotal, sb.fee,
          case when sb.fee_payer = 'BUYER' then sb.subtotal + sb.fee else sb.subtotal end,
          case when sb.fee_payer = 'BUYER' then sb.subtotal else sb.subtotal - sb.fee end, sb.fee_payer,
          sb.created_at + interval '15 minutes', case when sb.status = 'CONFIRMED' then sb.created_at + interval '2 minutes' end,
          sb.created_at, sb.created_at + interval '2 minutes'
        from scale_b sb join users u on u.id = ${uuidOf('user', 'sb.u')}`,
    },
    {
      name: 'booking_lines',
      sql: `insert into booking_lines (id, booking_id, ticket_type_id, inventory_id, name, quantity, unit_price, unit_fee)
        select ${uuidOf('line', 'b', 't')}, id, ${uuidOf('tt', 'k', 't')}, ${uuidOf('inv', 'k', 't', 'n')},
          case when t = 1 then 'General admission' else 'VIP' end,
          case when t = 1 then q1 else q2 end, case when t = 1 then p1 else p2 end, case when t = 1 then f1 else f2 end
        from scale_b, generate_series(1, 2) t where t = 1 or q2 > 0`,
    },
    {
      name: 'tickets',
      sql: `insert into tickets (id, booking_id, event_id, occurrence_id, ticket_type_id, code, attendee_name, price, fee,
          status, created_at, updated_at)
        select ${uuidOf('ticket', 'b', 't', 's')}, id, event_id, occ_id, ${uuidOf('tt', 'k', 't')},
          translate(rtrim(encode(decode(md5('scale-code-' || b || '-' || t || '-' || s), 'hex'), 'base64'), '='), '+/', '-_'),
          null, case when t = 1 then p1 else p2 end, case when t = 1 then f1 else f2 end, 'VALID',
          created_at + interval '2 minutes' + s * interval '1 millisecond', created_at + interval '2 minutes'
        from scale_b, generate_series(1, 2) t, generate_series(1, case when t = 1 then q1 else q2 end) s
        where status = 'CONFIRMED'`,
    },
    {
      name: 'payments',
      sql: `insert into payments (id, booking_id, provider, provider_ref, amount, application_fee, currency, status, created_at, updated_at)
        select ${uuidOf('payment', 'b')}, id, 'sandbox', 'sandbox_pay_scale_' || b,
          case when fee_payer = 'BUYER' then subtotal + fee else subtotal end, fee, currency,
          (case when status = 'CONFIRMED' then 'SUCCEEDED' when status = 'FAILED' then 'FAILED' else 'PENDING' end)::payment_status,
          created_at, created_at + interval '2 minutes'
        from scale_b where subtotal > 0`,
    },
    {
      name: 'ledger_entries (sales)',
      sql: `insert into ledger_entries (id, group_id, booking_id, organization_id, account, amount, currency, kind, created_at)
        select ${uuidOf('ledger', 'b', 'a')}, ${uuidOf('group', 'b')}, id, org_id,
          (array['BUYER_PAYMENTS','PLATFORM_FEES','ORGANIZER_PAYABLE'])[a]::ledger_account,
          case a when 1 then total when 2 then -fee else -org_amount end, currency, 'BOOKING_CONFIRMED',
          created_at + interval '2 minutes'
        from (select *, case when fee_payer = 'BUYER' then subtotal + fee else subtotal end total,
                case when fee_payer = 'BUYER' then subtotal else subtotal - fee end org_amount
              from scale_b where status = 'CONFIRMED' and subtotal > 0) c, generate_series(1, 3) a`,
    },
    {
      name: 'inventory counts',
      sql: `update ticket_inventory i set sold = c.sold, capacity = greatest(i.capacity, c.sold)
          from (select l.inventory_id, sum(l.quantity)::int sold from booking_lines l join scale_b sb on sb.id = l.booking_id
                where sb.status = 'CONFIRMED' group by l.inventory_id) c
          where i.id = c.inventory_id;
        update event_ticket_types t set quantity = m.capacity
          from (select ticket_type_id, max(capacity) capacity from ticket_inventory i join scale_ev e on e.id = i.event_id
                group by ticket_type_id) m
          where t.id = m.ticket_type_id and t.quantity < m.capacity;
        update ticket_inventory i set capacity = t.quantity from event_ticket_types t, scale_ev e
          where t.id = i.ticket_type_id and e.id = i.event_id and i.capacity < t.quantity;
        update event_occurrences o set sold = c.sold
          from (select occurrence_id, sum(sold)::int sold from ticket_inventory i join scale_ev e on e.id = i.event_id
                where occurrence_id is not null group by occurrence_id) c
          where o.id = c.occurrence_id`,
    },
    {
      name: 'refunds',
      sql: `create temp table scale_rf as
          select b, id booking_id, event_id, org_id, currency, fee_payer, owner_id, ${uuidOf('refund', 'b')} refund_id,
            ${uuidOf('ticket', 'b', "'1'", "'1'")} ticket_id, p1 amount,
            case when fee_payer = 'ABSORBED' then f1 else 0 end fee_part,
            created_at + interval '3 days' processed_at, b % 2 = 0 requested
          from scale_b where status = 'CONFIRMED' and p1 > 0 and b % 33 = 0;
        insert into refund_requests (id, booking_id, event_id, organization_id, status, reason_text, requested_by,
            decided_by, decided_at, created_at, updated_at)
          select ${uuidOf('request', 'b')}, booking_id, event_id, org_id, 'PROCESSED', 'Cannot attend', null, owner_id,
            processed_at, processed_at - interval '1 day', processed_at from scale_rf where requested;
        insert into refunds (id, idempotency_key, booking_id, event_id, organization_id, request_id, source, status, currency,
            amount, fee_part, organizer_part, refund_service_fee, reason, provider, provider_ref, attempts, initiated_by,
            created_at, updated_at, processed_at)
          select refund_id, 'scale:' || b, booking_id, event_id, org_id, case when requested then ${uuidOf('request', 'b')} end,
            (case when requested then 'BUYER_REQUEST' else 'ORGANIZER' end)::refund_source, 'PROCESSED', currency,
            amount, fee_part, amount - fee_part, false, 'Cannot attend', 'sandbox', 'sandbox_re_scale_' || b, 1, owner_id,
            processed_at, processed_at, processed_at
          from scale_rf;
        insert into refund_tickets (refund_id, ticket_id, amount, fee_part)
          select refund_id, ticket_id, amount, fee_part from scale_rf;
        insert into refund_request_tickets (request_id, ticket_id, status, amount, refund_id)
          select ${uuidOf('request', 'b')}, ticket_id, 'PROCESSED', amount, refund_id from scale_rf where requested;
        update tickets t set status = 'REFUNDED', refunded = r.amount, fee_refunded = r.fee_part, updated_at = r.processed_at
          from scale_rf r where t.id = r.ticket_id;
        update bookings bk set refunded = r.amount, fee_refunded = r.fee_part, organizer_refunded = r.amount - r.fee_part
          from scale_rf r where bk.id = r.booking_id;
        insert into ledger_entries (group_id, booking_id, organization_id, account, amount, currency, kind, created_at)
          select refund_id, booking_id, org_id, (array['BUYER_PAYMENTS','PLATFORM_FEES','ORGANIZER_PAYABLE'])[a]::ledger_account,
            case a when 1 then -amount when 2 then fee_part else amount - fee_part end, currency, 'REFUND', processed_at
          from scale_rf, generate_series(1, 3) a`,
    },
    {
      name: 'refund requests (open and declined)',
      sql: `insert into refund_requests (id, booking_id, event_id, organization_id, status, reason_text, decline_reason_text,
            decided_by, decided_at, created_at, updated_at)
          select ${uuidOf('request', 'b')}, id, event_id, org_id,
            (case when b % 2 = 0 then 'REQUESTED' else 'DECLINED' end)::refund_request_status, 'Cannot attend',
            case when b % 2 = 1 then 'Outside the refund window' end, case when b % 2 = 1 then owner_id end,
            case when b % 2 = 1 then least(now(), created_at + interval '2 days') end,
            least(now(), created_at + interval '1 day'), least(now(), created_at + interval '2 days')
          from scale_b where status = 'CONFIRMED' and b % 33 <> 0 and b % 29 = 0;
        insert into refund_request_tickets (request_id, ticket_id, status, amount)
          select ${uuidOf('request', 'b')}, ${uuidOf('ticket', 'b', "'1'", "'1'")},
            (case when b % 2 = 0 then 'REQUESTED' else 'DECLINED' end)::refund_request_status, p1
          from scale_b where status = 'CONFIRMED' and b % 33 <> 0 and b % 29 = 0`,
    },
    {
      name: 'scans and ticket_admissions',
      sql: `create temp table scale_adm as
          select t.id ticket_id, o.id occurrence_id, t.event_id, e.owner_id,
            o.starts_at - interval '30 minutes' + ((hashtext(t.id::text) & 2147483647) % 3600) * interval '1 second' adm_at,
            overlay(overlay(md5('scale-scan-' || t.id || o.id) placing '4' from 13) placing '8' from 17)::uuid scan_id, (hashtext(t.code) & 2147483647) % 100 roll
          from tickets t join scale_ev e on e.id = t.event_id and e.status = 'COMPLETED'
            join event_occurrences o on o.event_id = t.event_id and (t.occurrence_id is null or o.id = t.occurrence_id)
          where t.status = 'VALID' and (hashtext(t.id::text) & 2147483647) % 10 < 8;
        insert into scans (id, event_id, occurrence_id, ticket_id, code_tail, result, source, scanned_by, device_id, nonce,
            scanned_at, received_at)
          select scan_id, event_id, occurrence_id, ticket_id, null, 'ADMITTED', 'ONLINE', owner_id, 'door-1', scan_id, adm_at, adm_at
          from scale_adm;
        insert into ticket_admissions (ticket_id, occurrence_id, event_id, admitted_at, admitted_by, device_id, source, scan_id)
          select ticket_id, occurrence_id, event_id, adm_at, owner_id, 'door-1', 'ONLINE', scan_id from scale_adm;
        insert into scans (event_id, occurrence_id, ticket_id, result, source, previous_scan_id, scanned_by, device_id,
            nonce, scanned_at, received_at)
          select event_id, occurrence_id, ticket_id, 'ALREADY_SCANNED', 'ONLINE', scan_id, owner_id, 'door-2',
            overlay(overlay(md5('scale-rescan-' || scan_id) placing '4' from 13) placing '8' from 17)::uuid, adm_at + interval '5 minutes', adm_at + interval '5 minutes'
          from scale_adm where roll < 3;
        update tickets t set scanned_at = a.adm_at, scanned_by = a.owner_id
          from scale_adm a where a.ticket_id = t.id and t.occurrence_id is not null`,
    },
    {
      name: 'audit_log',
      sql: `insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, before, after, created_at)
          select owner_id, 'ORGANIZER', 'EVENT_CREATED', 'event', id::text, org_id, null,
            jsonb_build_object('kind', kind, 'status', 'DRAFT'), starts_at - interval '100 days' from scale_ev;
        insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, before, after, created_at)
          select owner_id, 'ORGANIZER', 'EVENT_PUBLISHED', 'event', id::text, org_id, jsonb_build_object('status', 'DRAFT'),
            jsonb_build_object('status', 'PUBLISHED'), starts_at - interval '90 days' from scale_ev where status <> 'DRAFT';
        insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, before, after, created_at)
          select owner_id, 'ORGANIZER', 'REFUND_PROCESSED', 'refund', refund_id::text, org_id, null,
            jsonb_build_object('amount', amount, 'currency', currency), processed_at from scale_rf`,
    },
    {
      name: 'analyze',
      sql: `drop table scale_rf, scale_adm, scale_b, scale_sell, scale_ev; analyze`,
    },
  ];
}

const TABLE_OF: Record<string, string> = {
  users: 'users',
  organizations: 'organizations',
  events: 'events',
  event_slugs: 'event_slugs',
  event_occurrences: 'event_occurrences',
  event_ticket_types: 'event_ticket_types',
  ticket_inventory: 'ticket_inventory',
  bookings: 'bookings',
  booking_lines: 'booking_lines',
  tickets: 'tickets',
  payments: 'payments',
  'ledger_entries (sales)': 'ledger_entries',
  refunds: 'refunds',
  'refund requests (open and declined)': 'refund_requests',
  'scans and ticket_admissions': 'scans',
  audit_log: 'audit_log',
};

/**
 * Fills the database at `size`, in one transaction (all or nothing). Refuses a database that already holds
 * scale data. `passwordHash` is every scale account's password hash (one argon2 hash, computed once).
 */
export async function generateScale(
  client: pg.Client,
  size: ScaleSize,
  passwordHash: string,
  onStep: (report: StepReport) => void = () => {},
): Promise<{ ms: number }> {
  const started = performance.now();
  const existing = await client.query(`select 1 from users where email like $1 limit 1`, [
    `%@${SCALE_EMAIL_DOMAIN}`,
  ]);
  if (existing.rowCount)
    throw new Error('This database already holds scale data (users @scale.marquee.test).');
  const all = steps(size);
  await client.query('begin');
  try {
    await client.query(`set local synchronous_commit = off; set local statement_timeout = 0`);
    for (const [index, step] of all.entries()) {
      const t0 = performance.now();
      // Several statements of one step go in one simple query (no parameters); only the users' step has one.
      await client.query(step.sql, step.sql.includes('$1') ? [passwordHash] : undefined);
      const table = TABLE_OF[step.name];
      const rows = table ? Number((await client.query(`select count(*) n from ${table}`)).rows[0].n) : 0;
      onStep({ step: index + 1, steps: all.length + 2, name: step.name, rows, ms: performance.now() - t0 });
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await serveLikeLive(client, all.length, onStep);
  return { ms: performance.now() - started };
}

/**
 * The generated platform served as a live one would be: its statistics and visibility map fresh (the
 * copy of a seeded template has no activity counters, so autovacuum would never visit it, and index-only
 * scans would read the rows), then the dashboards' roll-ups summed over the past it made (db/rollup.ts).
 */
async function serveLikeLive(client: pg.Client, done: number, onStep: (report: StepReport) => void) {
  let t0 = performance.now();
  await client.query('vacuum analyze');
  onStep({ step: done + 1, steps: done + 2, name: 'vacuum analyze', rows: 0, ms: performance.now() - t0 });
  t0 = performance.now();
  await rebuildRollups(drizzle(client, { schema, casing: 'snake_case' }), new Date());
  const hours = Number((await client.query(`select count(*) n from hourly_sales`)).rows[0].n);
  onStep({
    step: done + 2,
    steps: done + 2,
    name: 'dashboard roll-ups (hourly_sales)',
    rows: hours,
    ms: performance.now() - t0,
  });
}

/** One rule of the data and the SQL counting its violations (0 = pass). */
export const SCALE_RULES: { rule: string; sql: string }[] = [
  {
    rule: 'every ledger posting group sums to zero, in one currency',
    sql: `select count(*) from (select group_id from ledger_entries group by group_id
            having sum(amount) <> 0 or count(distinct currency) > 1) g`,
  },
  {
    rule: 'every confirmed paid booking has its sale posting (buyer payments = total)',
    sql: `select count(*) from bookings b where b.status = 'CONFIRMED' and b.total > 0 and b.total is distinct from
            (select sum(amount) from ledger_entries l where l.booking_id = b.id and l.kind = 'BOOKING_CONFIRMED'
               and l.account = 'BUYER_PAYMENTS')`,
  },
  {
    rule: 'booking amounts: total = organizer amount + fee, 0 <= refunded <= total (table checks)',
    sql: `select count(*) from bookings where total <> organizer_amount + service_fee or refunded < 0 or refunded > total
            or fee_refunded + organizer_refunded <> refunded or fee_refunded > service_fee`,
  },
  {
    rule: 'booking subtotal and fee are the sum of its lines',
    sql: `select count(*) from bookings b join (select booking_id, sum(quantity * unit_price) s, sum(quantity * unit_fee) f
            from booking_lines group by booking_id) l on l.booking_id = b.id where l.s <> b.subtotal or l.f <> b.service_fee`,
  },
  {
    rule: 'booking seats are the sum of its lines (booking_lines_count_seats)',
    sql: `select count(*) from bookings b left join (select booking_id, sum(quantity)::int s from booking_lines
            group by booking_id) l on l.booking_id = b.id where coalesce(l.s, 0) <> b.seats`,
  },
  {
    rule: 'a confirmed booking has one ticket per seat; other bookings have none',
    sql: `select count(*) from bookings b where coalesce((select count(*) from tickets t where t.booking_id = b.id), 0) <>
            case when b.status = 'CONFIRMED' then coalesce((select sum(quantity) from booking_lines l where l.booking_id = b.id), 0) else 0 end`,
  },
  {
    rule: 'tickets per ticket type and date <= capacity (inventory sold counts them)',
    sql: `select count(*) from ticket_inventory i left join (select ticket_type_id, occurrence_id, count(*) n from tickets
            group by ticket_type_id, occurrence_id) t on t.ticket_type_id = i.ticket_type_id
            and t.occurrence_id is not distinct from i.occurrence_id
            where i.sold > i.capacity or coalesce(t.n, 0) > i.capacity or coalesce(t.n, 0) > i.sold`,
  },
  {
    rule: 'a date sells at most its capacity',
    sql: `select count(*) from event_occurrences where sold < 0 or (capacity is not null and sold > capacity)`,
  },
  {
    rule: 'refunded <= paid, per ticket and per booking (tickets add up to the booking)',
    sql: `select count(*) from bookings b join (select booking_id, sum(refunded) r from tickets group by booking_id) t
            on t.booking_id = b.id where t.r <> b.refunded
          union all select count(*) from tickets where refunded > price + fee or fee_refunded > fee`,
  },
  {
    rule: 'processed refunds add up to the booking refunded amount and to their tickets',
    sql: `select count(*) from bookings b where b.refunded <> coalesce((select sum(amount) from refunds r
            where r.booking_id = b.id and r.status = 'PROCESSED'), 0)
          union all select count(*) from refunds r where r.amount <> r.fee_part + r.organizer_part
            or r.amount <> (select coalesce(sum(amount), 0) from refund_tickets rt where rt.refund_id = r.id)`,
  },
  {
    rule: 'one admission per ticket and date, on a date of its own event',
    sql: `select count(*) from (select ticket_id, occurrence_id from ticket_admissions group by 1, 2 having count(*) > 1) d
          union all select count(*) from ticket_admissions a join tickets t on t.id = a.ticket_id
            join event_occurrences o on o.id = a.occurrence_id
            where o.event_id <> t.event_id or (t.occurrence_id is not null and t.occurrence_id <> a.occurrence_id)`,
  },
  {
    rule: "the dashboards' roll-ups hold what their base rows sum to, hour by hour, before the watermark",
    sql: `with w as (select coalesce((select rolled_until from rollup_watermarks where name = 'dashboards'), '-infinity') as rolled_until),
          sales as (select date_trunc('hour', confirmed_at, 'UTC') as hour, currency, count(*)::int orders, sum(total) gross,
              sum(service_fee) fees from bookings, w where status = 'CONFIRMED' and confirmed_at < w.rolled_until group by 1, 2),
          back as (select date_trunc('hour', processed_at, 'UTC') as hour, organization_id, event_id, currency, sum(amount) amount,
              sum(fee_part) fee_part, sum(organizer_part) organizer_part from refunds, w
              where status = 'PROCESSED' and processed_at < w.rolled_until group by 1, 2, 3, 4),
          sign_ups as (select date_trunc('hour', created_at, 'UTC') as hour, count(*)::int users from users, w
              where created_at < w.rolled_until group by 1)
          select count(*) from ((table sales except select hour, currency, orders, gross, fees from hourly_sales)
            union all (select hour, currency, orders, gross, fees from hourly_sales except table sales)) d
          union all select count(*) from ((table back except select hour, organization_id, event_id, currency, amount,
              fee_part, organizer_part from hourly_refunds)
            union all (select hour, organization_id, event_id, currency, amount, fee_part, organizer_part
              from hourly_refunds except table back)) d
          union all select count(*) from ((table sign_ups except select hour, users from hourly_sign_ups)
            union all (select hour, users from hourly_sign_ups except table sign_ups)) d
          union all select count(*) from (select sum(orders) o, sum(gross) g, sum(seats) s from hourly_event_sales) e,
            (select sum(orders) o, sum(gross) g from hourly_sales) p,
            (select sum(seats) s, sum(gross) g from hourly_ticket_type_sales) t
            where e.o is distinct from p.o or e.g is distinct from p.g or e.s is distinct from t.s`,
  },
  {
    rule: 'a ticket waits in at most one open refund request',
    sql: `select count(*) from (select ticket_id from refund_request_tickets where status = 'REQUESTED'
            group by ticket_id having count(*) > 1) d`,
  },
];

export interface RuleResult {
  rule: string;
  violations: number;
  ms: number;
}

export async function checkScale(client: pg.Client): Promise<RuleResult[]> {
  await client.query('set statement_timeout = 0');
  const results: RuleResult[] = [];
  for (const { rule, sql } of SCALE_RULES) {
    const t0 = performance.now();
    const { rows } = await client.query<{ count: string }>(sql);
    const violations = rows.reduce((sum, row) => sum + Number(row.count), 0);
    results.push({ rule, violations, ms: performance.now() - t0 });
  }
  return results;
}
