// After `vite build`: every text file of the built console above ~1 KB gets a brotli (.br) and a gzip
// (.gz) sibling, compressed once at the highest levels, so the server sends them as they are
// (apps/server/src/plugins/static-web.ts, `preCompressed`) instead of compressing on every request
// (docs/performance.md, "Console on the wire and cold mobile").
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text, and WebAssembly (the door's QR reader: 953 kB; 321 kB with brotli, 413 kB with gzip). */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/i;
/** Below this a compressed copy saves less than a packet: not worth a file. */
const MIN_BYTES = 1024;

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // dist/ssr/ is the server's renderer (scripts/prerender.mjs), never sent to a browser.
    if (entry.isDirectory()) {
      if (full !== path.join(dist, 'ssr')) yield* files(full);
    } else if (entry.isFile() && TEXT.test(entry.name)) yield full;
  }
}

const started = Date.now();
let count = 0;
let raw = 0;
let br = 0;
let gz = 0;
const queue = [];
for await (const file of files(dist)) {
  if ((await stat(file)).size >= MIN_BYTES) queue.push(file);
}
// Two at a time: brotli at quality 11 is CPU-bound, and the machine may be shared.
async function worker() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const body = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
    count += 1;
    raw += body.length;
    br += b.length;
    gz += g.length;
  }
}
await Promise.all([worker(), worker()]);
const kB = (n) => `${(n / 1024).toFixed(0)} kB`;
console.log(
  `precompressed ${count} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kB(raw)} → brotli ${kB(br)}, gzip ${kB(gz)}`,
);
