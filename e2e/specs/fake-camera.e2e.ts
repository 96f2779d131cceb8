import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraContext, launchChromiumWithCamera, qrVideo, writeQrVideo } from '../support/fake-camera.js';

/**
 * The fake camera the check-in journey relies on, proved alone: a page asks for the camera, reads its
 * frames with ZXing's WebAssembly reader (the one the console uses where the browser has no
 * BarcodeDetector, as this headless Chromium) and must find the code the video was made from.
 */
const require = createRequire(import.meta.url);
const ZXING_WASM = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
/** The package's build for a plain script tag (global `ZXingWASM`), beside the wasm file. */
const ZXING = path.join(path.dirname(ZXING_WASM), '..', 'iife', 'reader', 'index.js');

const PAGE = `<!doctype html>
<html><body>
<video id="preview" muted playsinline width="320" height="240"></video>
<pre id="out">waiting</pre>
<script src="/zxing.js"></script>
<script>
  // Plays the camera and reads frames through a canvas, as the console's decoder does.
  window.stage = 'asking for the camera';
  window.decoded = (async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    const [track] = stream.getVideoTracks();
    const { width, height } = track.getSettings();
    window.stage = 'playing the camera';
    const video = document.getElementById('preview');
    video.srcObject = stream;
    await video.play();
    window.stage = 'reading frames';
    ZXingWASM.prepareZXingModule({ overrides: { locateFile: () => '/zxing_reader.wasm' } });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    for (;;) {
      if (video.videoWidth > 0) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const [found] = await ZXingWASM.readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
        if (found?.isValid) {
          track.stop();
          document.getElementById('out').textContent = found.text;
          return { text: found.text, width, height, label: track.label };
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
</script>
</body></html>`;

let server: http.Server;
let origin: string;

beforeAll(async () => {
  const zxing = await fs.readFile(ZXING);
  const wasm = await fs.readFile(ZXING_WASM);
  server = http.createServer((request, response) => {
    if (request.url === '/zxing.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(zxing);
    } else if (request.url === '/zxing_reader.wasm') {
      response.writeHead(200, { 'content-type': 'application/wasm' }).end(wasm);
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

  it.each([
    // A code shaped like a ticket's: 128 random bits, base64url.
    ['a fresh ticket code', randomBytes(16).toString('base64url')],
    // One of the ~4 % of such codes that ZXing's JavaScript port, the console's reader until now, could not
    // read even from this perfect image (it took a pattern in the data for a corner's finder pattern).
    ['a code the JavaScript port of ZXing misread', 'rvgTYfm6UrGpQKzOkr7QHA'],
  ])('shows Chromium %s as a QR code that ZXing reads back from the camera', async (_name, code) => {
    const browser = await launchChromiumWithCamera(await writeQrVideo(code));
    try {
      const context = await cameraContext(browser, origin, { width: 375, height: 812 });
      const page = await context.newPage();
      await page.goto(origin);
      // A page that never reads the code says how far it got, rather than running into the test's timeout.
      const seen = await page.evaluate(async () => {
        const self = window as unknown as { decoded: Promise<unknown>; stage: string };
        const deadline = new Promise((resolve) => setTimeout(() => resolve({ stuck: self.stage }), 30000));
        return Promise.race([self.decoded, deadline]);
      });
      expect(seen).toMatchObject({ text: code, width: 640, height: 480 });
    } finally {
      await browser.close();
    }
  });
});
