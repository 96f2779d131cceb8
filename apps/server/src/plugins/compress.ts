import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers on the way out (docs/performance.md, "Console on the wire and cold
 * mobile"): brotli or gzip, whichever the client's `accept-encoding` prefers, for answers of at least
 * COMPRESS_THRESHOLD_BYTES and for streams (the exports stay streamed: each chunk goes through the
 * compressor as it comes). Only text-like types (JSON, CSV, HTML, …) are compressed: images, PDFs and
 * spreadsheets (already zip) are not, and neither is the live check-in stream (text/event-stream, the
 * plugin's own rule) whose events must not wait in a compressor's buffer. The built console's files are
 * compressed once at build time instead (static-web.ts): they arrive with their `content-encoding` set
 * and are passed through. Brotli runs at quality 4: the highest levels cost tens of milliseconds of CPU
 * per answer for a few per cent. Request bodies are not inflated (no compressed uploads): a body's size
 * limit stays the size it is read at.
 *
 * Registered before the modules: it hooks every route registered after it.
 */
/**
 * The exports' own setting (their routes pass it as `compress`): a file of a million orders is hundreds
 * of megabytes of CSV, and at the API's quality the compressor, not the database, set the pace of the
 * download (docs/performance.md, "Exports at scale"). Brotli quality 1 and gzip level 1 still shrink CSV
 * several times over at a fraction of the CPU.
 */
export const EXPORT_COMPRESSION = {
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 1,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  zlibOptions: { level: 1 },
};

export const compressPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
});
