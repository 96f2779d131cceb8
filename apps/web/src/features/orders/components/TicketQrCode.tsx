import { Center, Loader } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A ticket's code as a QR image. SVG rather than a canvas image: crisp when printed, and made without a
 * canvas. Medium error correction survives a scuffed print or a cracked phone screen.
 */
export function TicketQrCode({ code, label, size = 176 }: { code: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((text) => {
        if (current) setSvg(text);
      })
      .catch(() => {
        if (current) setSvg(null);
      });
    return () => {
      current = false;
    };
  }, [code]);
  if (!svg) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" aria-label="Drawing the QR code" />
      </Center>
    );
  }
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={size}
      height={size}
      alt={label}
      data-testid="ticket-qr"
      data-code={code}
      style={{ background: 'white' }}
    />
  );
}
