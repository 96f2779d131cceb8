import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** The app listening on a loopback port, so calls go through real, parallel HTTP connections. */
export async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Holds the only connection of a one-connection pool while the test lines requests up behind it. The
 * pool hands connections out first come, first served, so the order in which requests reach the
 * database is the order the test chose, not chance.
 */
export async function poolGate(pool: pg.Pool) {
  const held = await pool.connect();
  return {
    /** Waits until `count` queries wait for the connection. */
    async waitForQueue(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (pool.waitingCount < count) {
        if (Date.now() > until) throw new Error(`only ${pool.waitingCount} of ${count} queries queued`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    open: () => held.release(),
  };
}
