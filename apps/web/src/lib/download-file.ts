import { rawRequest, toSearch } from './http';

export interface DownloadProgress {
  /** Bytes read so far. */
  bytes: number;
  /** Rows the server said the file holds (`x-total-rows`), null when it did not say. */
  totalRows: number | null;
  /** Rows read so far, counted by line ends; null when the format has no lines (XLSX is zipped). */
  rows: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const NEWLINE = 10;

/** `attachment; filename="orders.csv"` (or RFC 5987 `filename*=UTF-8''…`) → the file's name. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Fetches a file the API streams (exports), with the console's headers, reading its body chunk by chunk
 * so progress can be shown while the server is still writing it. Lines are counted only for text
 * formats: a CSV row is one line after the header (quoted line breaks in a cell make it an estimate).
 */
export async function downloadFile(
  path: string,
  query: Record<string, unknown>,
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
    fallbackName: string;
  },
): Promise<DownloadedFile> {
  const response = await rawRequest(`${path}${toSearch(query)}`, { signal: options.signal });
  const totalHeader = response.headers.get('x-total-rows');
  const totalRows = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const countsLines = type.startsWith('text/');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  const report = () =>
    options.onProgress?.({
      bytes,
      totalRows,
      // The first line is the header row.
      rows: countsLines ? Math.max(0, lines - 1) : null,
    });
  report();
  const reader = response.body?.getReader();
  if (reader) {
    const onAbort = () => void reader.cancel().catch(() => {});
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        if (countsLines) for (const byte of value) if (byte === NEWLINE) lines += 1;
        report();
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
  if (options.signal?.aborted) throw new DOMException('The download was cancelled', 'AbortError');
  return {
    blob: new Blob(chunks, { type }),
    filename: filenameFrom(response.headers.get('content-disposition'), options.fallbackName),
  };
}

/** Hands a downloaded file to the browser's "save" through a short-lived object URL. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
