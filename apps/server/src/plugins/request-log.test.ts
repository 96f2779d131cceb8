import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The real app with a logger whose lines the test reads. */
async function appLogging(logLevel: Config['logLevel']) {
  const database = await freshDatabase();
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ logLevel }),
    db: database.db,
    logger: { level: logLevel, stream },
  });
  closers.push(async () => {
    await app.close();
    await database.drop();
  });
  return { app, lines };
}

describe('request logs', () => {
  it('are held back at the default level (info)', async () => {
    const { app, lines } = await appLogging('info');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
    expect(lines.map((l) => l.msg)).not.toContain('request completed');
  });

  it('come back at LOG_LEVEL=debug', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });
});
