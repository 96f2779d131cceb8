import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../src/config.js';
import { httpCall, listenOnLoopback } from './concurrency.js';
import { clientHeaders, createTestApp, type TestApp } from './helpers.js';

/**
 * A caller that sends its request slowly (a few header bytes now and then, or a body that never ends)
 * must not hold a socket for as long as it likes: past HTTP_HEADERS_TIMEOUT_MS or
 * HTTP_REQUEST_TIMEOUT_MS the server answers 408 and closes it, while other callers are served.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  // Short limits, so the test does not wait for the defaults.
  t = await createTestApp({
    config: { http: { headersTimeoutMs: 300, requestTimeoutMs: 800, keepAliveTimeoutMs: 5_000 } },
  });
  port = Number(new URL(await listenOnLoopback(t)).port);
});
afterAll(async () => {
  await t?.close();
});

/**
 * Opens a socket, sends `start`, then one more `drip` every 50 ms (never finishing), and resolves with
 * what the server said once the server closes the socket.
 */
function slowSender(start: string, drip: string) {
  return new Promise<string>((resolve, reject) => {
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(start);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, 50);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    // Writing on a socket the server has just closed may fail: that is the drop being observed.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the slow sender connected'));
    }, 20_000).unref();
  });
}

describe('slow senders', () => {
  it('headers that never finish: dropped with 408, while a normal request on another socket succeeds', async () => {
    const dropped = slowSender('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x-slow: 1\r\n');
    const normal = await httpCall(`http://127.0.0.1:${port}`, { method: 'GET', path: '/api/health' });
    expect(normal.status).toBe(200);
    expect(await dropped).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body that never finishes: dropped with 408 too', async () => {
    // With the client's credentials, so that the call is not refused before its body is read.
    const credentials = Object.entries(clientHeaders())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const dropped = slowSender(
      `POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\n${credentials}content-type: application/json\r\ncontent-length: 100000\r\n\r\n{"email":"`,
      'a',
    );
    const normal = await httpCall(`http://127.0.0.1:${port}`, { method: 'GET', path: '/api/health' });
    expect(normal.status).toBe(200);
    expect(await dropped).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('configuration', () => {
  it('has documented defaults and refuses headers allowed longer than the whole request', () => {
    expect(testConfig().http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS="5000": must be at most HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});
