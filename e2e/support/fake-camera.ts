import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';

/**
 * A camera for Chromium that films a ticket: the ticket's QR code rendered into a Y4M video, which
 * Chromium plays as its only camera (`--use-file-for-fake-video-capture`). The flags belong to a browser
 * launch, so a journey launches a browser of its own for the camera and closes it afterwards.
 */

const WIDTH = 640;
const HEIGHT = 480;
/** Chromium loops the file; a few identical frames are enough and keep it small (~450 KB a frame). */
const FRAMES = 3;
/** The white margin around the code, in modules (the QR standard asks for four). */
const QUIET_ZONE = 4;
/** Luma of black and white modules (full range, as C420jpeg says). */
const BLACK = 0;
const WHITE = 255;

/** The QR code of `text` as a grid of dark (true) and light modules, its quiet zone included. */
function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE;
  return Array.from({ length: side }, (_, y) =>
    Array.from({ length: side }, (_, x) => {
      const mx = x - QUIET_ZONE;
      const my = y - QUIET_ZONE;
      if (mx < 0 || my < 0 || mx >= modules.size || my >= modules.size) return false;
      return modules.get(my, mx) === 1;
    }),
  );
}

/** One frame's luma plane: white, with the code centred in the largest whole-pixel modules that fit. */
function lumaPlane(grid: boolean[][]): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  const side = grid.length;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.9) / side);
  const left = Math.floor((WIDTH - side * scale) / 2);
  const top = Math.floor((HEIGHT - side * scale) / 2);
  for (let y = 0; y < side * scale; y += 1) {
    const row = grid[Math.floor(y / scale)];
    for (let x = 0; x < side * scale; x += 1) {
      if (row?.[Math.floor(x / scale)]) luma[(top + y) * WIDTH + left + x] = BLACK;
    }
  }
  return luma;
}

/**
 * YUV4MPEG2, 4:2:0 (Chromium's file capture reads only 4:2:0): a header line, then per frame "FRAME",
 * the luma plane and two chroma planes of a quarter size each at neutral grey (128: no colour).
 */
export function qrVideo(text: string): Buffer {
  const luma = lumaPlane(qrModules(text));
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

/** Writes the video of `text`'s QR code to a fresh temporary folder; answers the file's path. */
export async function writeQrVideo(text: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-camera-'));
  const file = path.join(folder, 'ticket.y4m');
  await fs.writeFile(file, qrVideo(text));
  return file;
}

/** Debian's Chromium, headless, whose camera plays `videoPath`; camera prompts are answered yes. */
export function launchChromiumWithCamera(videoPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  });
}

/** A context of the camera browser with the camera allowed for `baseUrl` (as a person taps "Allow"). */
export async function cameraContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  await context.grantPermissions(['camera'], { origin: new URL(baseUrl).origin });
  return context;
}
