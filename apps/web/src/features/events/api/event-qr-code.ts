import { eventQrCode, type QrFormat } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { downloadFile, saveFile } from '../../../lib/download-file';
import { rawRequest, toSearch } from '../../../lib/http';

/**
 * The QR code of the event's public link as the server draws it (the same file a download gives), shown
 * through an object URL: the call needs the console's headers, which an <img src> cannot send.
 */
export function useEventQrImage(eventId: string, slug: string | null) {
  const query = useQuery({
    queryKey: ['events', 'qr-code', eventId, slug],
    enabled: slug !== null,
    queryFn: async ({ signal }) => {
      const response = await rawRequest(`${eventQrCode.path}${toSearch({ eventId, format: 'svg' })}`, {
        signal,
        silent: true,
      });
      return response.blob();
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, isPending: query.isPending && slug !== null, error: query.error, retry: query.refetch };
}

/** Downloads the QR code as a file for posters: a 1024-pixel PNG or an SVG. */
export async function downloadEventQr(eventId: string, slug: string, format: QrFormat) {
  const file = await downloadFile(
    eventQrCode.path,
    { eventId, format, download: '1', ...(format === 'png' ? { size: 1024 } : {}) },
    { fallbackName: `${slug}-qr.${format}` },
  );
  saveFile(file);
}
