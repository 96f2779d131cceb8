import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The anchor of the HTTP parts of the bench: bare Fastify 5 + pg, no framework of ours, doing the work the
 * product's route is compared with, over the same loopback from the same load process:
 * - `GET /read`: the very statements one `get-user-detail` call sends (recorded by the bench from the
 *   server's own pool, with their parameters), one after the other; the session read by the caller's own
 *   token, with the other sessions asked in the same turn, as the product reads it;
 * - `POST /checkout`: the minimal guarded seat update for the same number of seats;
 * - `POST /scan`: the minimal guarded single-row admission of a ticket by its code.
 * Statements are named (prepared once per connection), as the fastest bare server would have them.
 * Plain JavaScript, run by node itself: no transpiler in its start-up or its requests.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
});
/** @type {{ text: string, values: unknown[] }[]} */
const reads = process.env.READ_STATEMENTS_FILE
  ? JSON.parse(fs.readFileSync(process.env.READ_STATEMENTS_FILE, 'utf8'))
  : [];
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));

/**
 * The session read (the statement recorded with `{ tokenHashes: true }`) takes the hashes of the tokens
 * asked in one turn of the event loop, sent together on the next, as the product reads them
 * (src/db/turn-batch.ts); every other statement is one per call.
 */
let turn;
function readSessions(statement, i, hash) {
  if (!turn) {
    const asked = { hashes: [] };
    asked.sent = new Promise((resolve) => setImmediate(resolve)).then(() => {
      turn = undefined;
      const values = statement.values.map((v) => (v?.tokenHashes ? asked.hashes : v));
      return pool.query({ name: `read-${i}`, text: statement.text, values });
    });
    turn = asked;
  }
  if (!turn.hashes.includes(hash)) turn.hashes.push(hash);
  return turn.sent;
}

app.get('/read', async (request) => {
  const hash = createHash('sha256')
    .update(String(request.headers.accesstoken ?? ''))
    .digest('hex');
  let rows = [];
  for (const [i, statement] of reads.entries())
    rows = statement.values.some((v) => v?.tokenHashes)
      ? (await readSessions(statement, i, hash)).rows
      : (await pool.query({ name: `read-${i}`, text: statement.text, values: statement.values })).rows;
  return { result: rows[0] ?? null };
});

app.post('/checkout', async (request, reply) => {
  const { inventoryId, quantity } = request.body;
  const result = await pool.query({
    name: 'seat',
    text: 'update ticket_inventory set sold = sold + $2 where id = $1 and sold + $2 <= capacity',
    values: [inventoryId, quantity],
  });
  if (result.rowCount !== 1) return reply.code(409).send({ error: 'SOLD_OUT' });
  return { result: { seats: quantity } };
});

app.post('/scan', async (request, reply) => {
  const result = await pool.query({
    name: 'admit',
    text: 'update tickets set scanned_at = now() where code = $1 and scanned_at is null returning id',
    values: [request.body.code],
  });
  if (result.rowCount !== 1) return reply.code(409).send({ result: 'ALREADY_SCANNED' });
  return { result: 'ADMITTED', ticketId: result.rows[0].id };
});

// Like the server, it is up once it has reached its database.
await pool.query('select 1');
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGINT', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
