import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraContext, launchChromiumWithCamera, qrVideo, writeQrVideo } from '../support/fake-camera.js';

/**
 * The fake camera the check-in journey relies on, proved alone: a page asks for the camera, reads its
 * frames with ZXing (the reader the console uses) and must find the code the video was made from.
 */
const require = createRequire(import.meta.url);
const ZXING = require.resolve('@zxing/browser/umd/zxing-browser.min.js');

const PAGE = `<!doctype html>
<html><body>
<video id="preview" muted playsinline width="320" height="240"></video>
<pre id="out">waiting</pre>
<script src="/zxing.js"></script>
<script>
  window.decoded = (async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    const [track] = stream.getVideoTracks();
    const { width, height } = track.getSettings();
    const reader = new ZXingBrowser.BrowserQRCodeReader();
    const text = await new Promise((resolve) => {
      reader.decodeFromStream(stream, document.getElementById('preview'), (result, _error, controls) => {
        if (!result) return;
        controls.stop();
        resolve(result.getText());
      });
    });
    document.getElementById('out').textContent = text;
    return { text, width, height, label: track.label };
  })();
</script>
</body></html>`;

let server: http.Server;
let origin: string;

beforeAll(async () => {
  const zxing = await fs.readFile(ZXING);
  server = http.createServer((request, response) => {
    if (request.url === '/zxing.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(zxing);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('fake camera', () => {
  it('writes a 640×480 4:2:0 Y4M of identical frames', () => {
    const video = qrVideo('hello');
    const header = video.subarray(0, video.indexOf(0x0a) + 1).toString('ascii');
    expect(header).toBe('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n');
    const frame = 'FRAME\n'.length + 640 * 480 * 1.5;
    expect(video.length).toBe(header.length + 3 * frame);
  });

  it('shows Chromium a QR code that ZXing reads back from the camera', async () => {
    // A code shaped like a ticket's: 128 random bits, base64url.
    const code = randomBytes(16).toString('base64url');
    const browser = await launchChromiumWithCamera(await writeQrVideo(code));
    try {
      const context = await cameraContext(browser, origin, { width: 375, height: 812 });
      const page = await context.newPage();
      await page.goto(origin);
      const seen = await page.evaluate(
        () =>
          (window as unknown as { decoded: Promise<{ text: string; width: number; height: number }> })
            .decoded,
      );
      expect(seen).toMatchObject({ text: code, width: 640, height: 480 });
    } finally {
      await browser.close();
    }
  });
});
