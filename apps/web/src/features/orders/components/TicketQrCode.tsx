import { QRCodeSVG } from 'qrcode.react';

/**
 * A ticket's code as a QR image. SVG: crisp when printed. Medium error correction survives a scuffed
 * print or a cracked phone screen. The same package draws the buyer's tickets on the public page.
 */
export function TicketQrCode({ code, label, size = 176 }: { code: string; label: string; size?: number }) {
  return (
    <QRCodeSVG
      value={code}
      size={size}
      level="M"
      marginSize={2}
      role="img"
      aria-label={label}
      title={label}
      data-testid="ticket-qr"
      data-code={code}
      style={{ background: 'white' }}
    />
  );
}
