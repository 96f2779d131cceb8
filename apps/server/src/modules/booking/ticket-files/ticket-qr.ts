import QRCode from 'qrcode';

/**
 * A ticket's QR code as a PNG: the ticket's code, which the door's scanner admits. Black on white with
 * a quiet zone, large enough for print and phone screens.
 */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 360,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
