import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { ZBARIMG } from './qr-decode.js';

/**
 * Reading the buyer's ticket files as a person's tools would: QR codes through a real decoder
 * (`zbarimg`, Debian's zbar-tools), PDFs by their page objects and the images they draw.
 */

/** What `zbarimg` reads in an image file's bytes (PNG, PGM or PPM): every QR payload, in order. */
export function zbarDecode(image: Buffer, extension: 'png' | 'pgm' | 'ppm'): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'zbar-'));
  try {
    const file = join(dir, `code.${extension}`);
    writeFileSync(file, image);
    const out = execFileSync(ZBARIMG, ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
    });
    return out.split('\n').filter((line) => line.length > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The number of pages of a PDF (its /Type /Page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}

/** PNG predictors (the /DecodeParms /Predictor 10–15 a PDF may keep from a PNG): rows unfiltered. */
function unpredict(data: Buffer, columns: number, colors: number): Buffer {
  const bpp = colors;
  const stride = columns * colors;
  const out = Buffer.alloc((data.length / (stride + 1)) * stride);
  for (let row = 0; row * (stride + 1) < data.length; row += 1) {
    const filter = data[row * (stride + 1)];
    for (let i = 0; i < stride; i += 1) {
      const raw = data[row * (stride + 1) + 1 + i] as number;
      const left = i >= bpp ? (out[row * stride + i - bpp] as number) : 0;
      const up = row > 0 ? (out[(row - 1) * stride + i] as number) : 0;
      const upLeft = row > 0 && i >= bpp ? (out[(row - 1) * stride + i - bpp] as number) : 0;
      let value = raw;
      if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[row * stride + i] = value & 0xff;
    }
  }
  return out;
}

/** The text of object `id` of a PDF (up to its `endobj`). */
function objectText(text: string, id: string): string {
  const at = text.search(new RegExp(`(^|\\s)${id} 0 obj\\b`));
  return at < 0 ? '' : text.slice(at, text.indexOf('endobj', at));
}

/**
 * Every image a PDF draws that is not a soft mask, as a PGM or PPM file's bytes: its XObject's stream
 * inflated (and unpredicted when the PDF kept PNG row filters), with a netpbm header.
 */
export function pdfImages(pdf: Buffer): { image: Buffer; extension: 'pgm' | 'ppm' }[] {
  const text = pdf.toString('latin1');
  const images: { image: Buffer; extension: 'pgm' | 'ppm' }[] = [];
  const masks = new Set<string>();
  for (const m of text.matchAll(/\/SMask (\d+) 0 R/g)) masks.add(m[1] as string);
  for (const match of text.matchAll(/(\d+) 0 obj\b/g)) {
    const id = match[1] as string;
    const from = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endobj', from);
    const streamAt = text.indexOf('stream', from);
    if (streamAt < 0 || streamAt > end) continue;
    const dict = text.slice(from, streamAt);
    if (!/\/Subtype\s*\/Image/.test(dict) || masks.has(id)) continue;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
    const bits = Number(/\/BitsPerComponent (\d+)/.exec(dict)?.[1]);
    if (bits !== 8) throw new Error(`image ${id}: ${bits} bits per component`);
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1;
    const start = streamAt + (text.startsWith('stream\r\n', streamAt) ? 8 : 7);
    let data = pdf.subarray(start, start + length);
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
    // The parameters may be inline or another object (pdfkit refers to one for a PNG it embeds as is).
    const parmsRef = /\/DecodeParms (\d+) 0 R/.exec(dict)?.[1];
    const parms = parmsRef ? objectText(text, parmsRef) : dict;
    const predictor = Number(/\/Predictor (\d+)/.exec(parms)?.[1] ?? 1);
    if (predictor >= 10) data = unpredict(data, width, colors);
    const header = Buffer.from(`${colors === 3 ? 'P6' : 'P5'}\n${width} ${height}\n255\n`, 'latin1');
    images.push({ image: Buffer.concat([header, data]), extension: colors === 3 ? 'ppm' : 'pgm' });
  }
  return images;
}

/** The VEVENT blocks of an iCalendar text, unfolded. */
export function vevents(ics: string): string[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => m[1] as string);
}
