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
  });
}
