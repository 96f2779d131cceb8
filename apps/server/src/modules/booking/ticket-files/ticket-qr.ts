import type { QRCodeToBufferOptions } from 'qrcode';

/**
 * Grey, one filter ("up": a QR's rows repeat down each module): half the CPU of pngjs's default, which
 * tries all five filters on every row of an RGBA image, and a smaller file (1.3 kB, was 2.1 kB).
 * qrcode hands these to pngjs as they are; its types list only the deflate options.
 */
const PNG_OPTIONS = { filterType: 2, colorType: 0 } as QRCodeToBufferOptions['rendererOpts'];

/**
 * A ticket's QR code as a PNG: the ticket's code, which the door's scanner admits. Black on white with
 * a quiet zone, large enough for print and phone screens.
 */
export async function ticketQrPng(code: string): Promise<Buffer> {
  // Loaded on first use (the outbox worker, a ticket download): not on every start.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(code, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 360,
    color: { dark: '#000000', light: '#ffffff' },
    rendererOpts: PNG_OPTIONS,
  });
}
