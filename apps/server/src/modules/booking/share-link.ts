import { QR_CONTENT_TYPES, type QrFormat, SHARE_MESSAGES } from '@marquee/contract';
import { conflict } from '../../lib/errors.js';

/** The event's public page as buyers open it: `PUBLIC_URL/e/<slug>`. */
export function publicEventUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/e/${encodeURIComponent(slug)}`;
}

export interface QrFile {
  contentType: string;
  fileName: string;
  body: Buffer | string;
}

/**
 * The QR code of an event's public link, for posters: a PNG of `size` pixels or an SVG (scales without
 * loss). Error correction M survives a poster's wear; a quiet zone of 4 modules, as the standard asks.
 * 409 while the event has no link (a draft never published).
 */
export async function eventQrFile(
  publicUrl: string,
  event: { slug: string | null },
  format: QrFormat,
  size: number,
): Promise<QrFile> {
  if (!event.slug) throw conflict(SHARE_MESSAGES.noLink);
  const url = publicEventUrl(publicUrl, event.slug);
  const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
  // Loaded on first use: not on every start.
  const { default: QRCode } = await import('qrcode');
  const fileName = `${event.slug}-qr.${format}`;
  if (format === 'svg') {
    return {
      contentType: QR_CONTENT_TYPES.svg,
      fileName,
      body: await QRCode.toString(url, { ...options, type: 'svg' }),
    };
  }
  return {
    contentType: QR_CONTENT_TYPES.png,
    fileName,
    body: await QRCode.toBuffer(url, { ...options, type: 'png', width: size }),
  };
}
