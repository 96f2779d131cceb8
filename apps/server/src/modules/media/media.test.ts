import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_MESSAGES } from '@marquee/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { multipartFile } from '../../../test/multipart.js';
import { s3MediaStorage } from '../../adapters/media-storage/index.js';

const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

let t: TestApp;
let admin: string;
let organizer: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({ config: { media: { maxBytes: 200_000, s3: undefined } } });
  const a = await createUser(t, { role: 'ADMIN' });
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  const b = await createUser(t);
  admin = await loginAs(t, a.email, a.password);
  organizer = await loginAs(t, o.email, o.password);
  buyer = await loginAs(t, b.email, b.password);
});
afterAll(() => t.close());

function upload(token: string | undefined, bytes: Buffer, options?: Parameters<typeof multipartFile>[1]) {
  const { payload, headers } = multipartFile(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/event/upload-media',
    headers: { ...clientHeaders(token), ...headers },
    payload,
  });
}

describe('upload-media', () => {
  it('stores a PNG with a WebP thumbnail and serves both with long-lived cache headers', async () => {
    const response = await upload(admin, await png(800, 600));
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({ mimeType: 'image/png', width: 800, height: 600 });
    expect(result.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: result.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumb = await t.app.inject({ method: 'GET', url: result.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(400);
  });

  it('lets approved organizers upload (event images) and refuses other users', async () => {
    expect((await upload(organizer, await png())).statusCode).toBe(200);
    const refused = await upload(buyer, await png());
    expect(refused.statusCode).toBe(403);
    expect((await upload(undefined, await png())).statusCode).toBe(401);
  });

  it('judges by content, not by name: a text file called .png is refused, a JPEG called .txt accepted', async () => {
    const fake = await upload(admin, Buffer.from('hello, I am not a picture'), { filename: 'cat.png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(MEDIA_MESSAGES.notImage);
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const ok = await upload(admin, jpeg, { filename: 'notes.txt', contentType: 'text/plain' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.mimeType).toBe('image/jpeg');
  });

  it('refuses a GIF and a truncated PNG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    expect((await upload(admin, gif)).json().message).toBe(MEDIA_MESSAGES.notImage);
    const broken = (await png(300, 300)).subarray(0, 60);
    const response = await upload(admin, broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.notImage);
  });

  it('refuses a file over MEDIA_MAX_BYTES with 413 and the limit in the message', async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 400, height: 400, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(200_000);
    const response = await upload(admin, noisy);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MEDIA_MESSAGES.tooLarge(200_000));
    expect(response.json().message).toContain('195 KB');
  });

  it('asks for a file when the call is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/event/upload-media',
      headers: clientHeaders(admin),
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.missing);
  });

  it('answers 404 for unknown or malformed media paths', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/00000000-0000-4000-8000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });
});

describe('S3-compatible storage', () => {
  it('puts and gets objects through the S3 API (a small S3 server started here)', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push(
          `${req.method} ${req.url?.split('?')[0]} ${req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'signed' : 'unsigned'}`,
        );
        const key = (req.url ?? '').split('?')[0] ?? '';
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200, { etag: '"x"' }).end();
          return;
        }
        const found = objects.get(key);
        if (!found) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          return;
        }
        res
          .writeHead(200, { 'content-type': found.type, 'content-length': found.body.length })
          .end(found.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const storage = s3MediaStorage({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
      prefix: 'marquee/',
    });
    const s3App = await createTestApp({ deps: { mediaStorage: storage } });
    try {
      const a = await createUser(s3App, { role: 'ADMIN' });
      const token = await loginAs(s3App, a.email, a.password);
      const { payload, headers } = multipartFile(await png());
      const uploaded = await s3App.app.inject({
        method: 'POST',
        url: '/api/v1/event/upload-media',
        headers: { ...clientHeaders(token), ...headers },
        payload,
      });
      expect(uploaded.statusCode).toBe(200);
      const { url } = uploaded.json().result;
      expect([...objects.keys()].some((k) => k.startsWith('/media/marquee/'))).toBe(true);
      expect(seen.every((line) => line.endsWith('signed'))).toBe(true);
      const served = await s3App.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
      const missing = await s3App.app.inject({
        method: 'GET',
        url: '/media/00000000-0000-4000-8000-000000000000.png',
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await s3App.close();
      server.close();
    }
  });
});
