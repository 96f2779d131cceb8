import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** zbar's command-line reader, installed on the machines that run the tests. */
export const ZBARIMG = process.env.ZBARIMG ?? '/usr/bin/zbarimg';

async function decodeFile(name: string, bytes: Buffer | string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'qr-'));
  try {
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    const { stdout } = await run(ZBARIMG, ['-q', '--raw', file]);
    return stdout.trim();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** What a PNG's QR code says, read by zbar (an independent reader, not the library that drew it). */
export function decodeQrPng(png: Buffer): Promise<string> {
  return decodeFile('code.png', png);
}

/**
 * What an SVG's QR code says: its dark modules (the `qrcode` package's one path of `M`/`m`/`h` strokes,
 * half a module below each row's top) drawn into a plain bitmap eight pixels a module, read by zbar.
 */
export function decodeQrSvg(svg: string): Promise<string> {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const strokes = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg);
  if (!viewBox?.[1] || !strokes?.[1]) throw new Error('not a QR code SVG of the expected shape');
  const size = Number(viewBox[1]);
  const grid = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of strokes[1].matchAll(/([MmHh])(-?[\d.]+)(?: ?(-?[\d.]+))?/g)) {
    const dx = Number(a);
    if (command === 'M') [x, y] = [dx, Number(b)];
    else if (command === 'm') [x, y] = [x + dx, y + Number(b)];
    else {
      const row = grid[Math.floor(y)];
      for (let i = 0; i < dx && row; i += 1) row[x + i] = 1;
      x += dx;
    }
  }
  const scale = 8;
  const lines = [];
  for (let r = 0; r < size * scale; r += 1) {
    const row = grid[Math.floor(r / scale)] ?? [];
    lines.push(row.flatMap((v) => new Array<number>(scale).fill(v)).join(' '));
  }
  return decodeFile('code.pbm', `P1\n${size * scale} ${size * scale}\n${lines.join('\n')}\n`);
}
