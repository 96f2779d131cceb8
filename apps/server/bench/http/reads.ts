import fs from 'node:fs/promises';
import path from 'node:path';
import * as c from '@marquee/contract';
import type autocannon from 'autocannon';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/client.js';
import { DEMO_ACCOUNTS } from '../../src/db/seed.js';
import { hashToken } from '../../src/lib/tokens.js';
import { clientHeaders } from '../../test/client-headers.js';
import type { BenchLine } from '../lists.js';
import { signIn } from './accounts.js';
import { alternate, fmt, measureRun, runSettings, spread } from './measure.js';
import type { Measured } from './processes.js';
import type { BenchCluster } from './setup.js';

interface Recorded {
  text: string;
  values: unknown[];
}

/** Where a recorded statement took the caller's token hashes (the session read): the anchor puts its own. */
const TOKEN_HASHES = { tokenHashes: true };

/**
 * The statements one authenticated `get-user-detail` sends, recorded from the pool of an app built in
 * this process (the second call of a session, as a console makes it), for the anchor to replay.
 */
export async function recordReadStatements(cluster: BenchCluster, file: string): Promise<number> {
  const database = connectDatabase(cluster.embedded.url, 2, () => {});
  let recording: Recorded[] | undefined;
  const pool = database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const [first, second] = args;
    if (recording && first && typeof first === 'object' && 'text' in first) {
      const query = first as Recorded;
      recording.push({ text: query.text, values: query.values ?? (second as unknown[]) ?? [] });
    } else if (recording && typeof first === 'string')
      recording.push({ text: first, values: (second as unknown[]) ?? [] });
    return original(...args);
  };
  const app = await buildApp({ config: testConfig(), db: database.db });
  const admin = DEMO_ACCOUNTS[0];
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers: clientHeaders(),
    payload: { email: admin.email, password: admin.password },
  });
  const token = (login.json() as { result: { accessToken: string } }).result.accessToken;
  const read = () => app.inject({ method: 'GET', url: c.getUserDetail.path, headers: clientHeaders(token) });
  await read();
  recording = [];
  const answer = await read();
  const statements = recording;
  recording = undefined;
  if (answer.statusCode !== 200) throw new Error(`get-user-detail answered ${answer.statusCode}`);
  // The session read takes the hashes of the sessions asked in one turn (db/turn-batch.ts); the anchor
  // reads its callers' sessions the same way, each call with its own token.
  const tokenHash = hashToken(token);
  const session = statements.find((s) =>
    s.values.some((v) => Array.isArray(v) && v.length === 1 && v[0] === tokenHash),
  );
  if (!session)
    throw new Error('get-user-detail read no session by its token hashes: the anchor needs telling');
  session.values = session.values.map((v) => (Array.isArray(v) && v[0] === tokenHash ? TOKEN_HASHES : v));
  await app.close();
  await database.close();
  await fs.writeFile(file, JSON.stringify(statements));
  return statements.length;
}

/** An authenticated simple read over HTTP, against bare Fastify + pg sending the same statements. */
export async function benchReads(options: {
  cluster: BenchCluster;
  server: Measured;
  anchor: Measured;
  recorded: number;
  seconds: number;
  connections: number;
  runs: number;
}): Promise<BenchLine[]> {
  const { cluster, server, anchor, seconds, connections } = options;
  const admin = DEMO_ACCOUNTS[0];
  // Each connection a console of its own (a session each), on both sides: the reads of one turn carry
  // different tokens, so neither side's session read is shared by callers of one session.
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < connections; i++)
    headers.push(clientHeaders(await signIn(server.address, admin.email, admin.password)));
  const roundRobin = (path: string): autocannon.Request => {
    let next = 0;
    return {
      method: 'GET',
      path,
      setupRequest: (request) => ({ ...request, headers: headers[next++ % headers.length] }),
    };
  };
  const common = runSettings(cluster, seconds, connections);
  const result = await alternate(
    options.runs,
    () => measureRun({ ...common, target: anchor, request: roundRobin('/read') }),
    () => measureRun({ ...common, target: server, request: roundRobin(c.getUserDetail.path) }),
    'authenticated read',
  );
  const product = spread(result.product.map((r) => r.perSecond));
  const bare = spread(result.anchor.map((r) => r.perSecond));
  const ratios = spread(result.product.map((r, i) => r.perSecond / (result.anchor[i]?.perSecond ?? 1)));
  const cpu = spread(result.product.map((r) => r.nodeCpuMs));
  const bareCpu = spread(result.anchor.map((r) => r.nodeCpuMs));
  return [
    {
      figure: `HTTP get-user-detail, req/s min/median/max of ${options.runs} (goal: ≥ 0.8 of bare)`,
      measured: `${fmt(product)} (Node ${fmt(cpu, 2)} ms/req)`,
      raw: `bare Fastify + pg, the same ${options.recorded} statements: ${fmt(bare)} (Node ${fmt(bareCpu, 2)} ms/req)`,
      ratio: fmt(ratios, 2),
    },
  ];
}

export function readStatementsFile(dataDir: string) {
  return path.join(dataDir, 'read-statements.json');
}
