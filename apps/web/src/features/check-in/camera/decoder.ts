/**
 * Reads a QR code from the camera's current frame. The browser's own BarcodeDetector where it exists
 * and knows QR codes (Android Chrome, Safari); elsewhere the ZXing port, loaded on first use so no other
 * screen carries it. Both run entirely in this page: nothing is downloaded while scanning.
 */
export interface FrameDecoder {
  readonly kind: 'native' | 'zxing';
  /** The code in the frame, or null when there is none (or it is unreadable). */
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The Barcode Detection API (not in TypeScript's DOM library yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are read at most this wide: enough for a ticket held at arm's length, and quick to decode. */
const MAX_FRAME_EDGE = 800;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async decode(video) {
        const found = await detector.detect(video);
        return found.find((code) => code.rawValue)?.rawValue ?? null;
      },
    };
  } catch {
    // Present but unusable (some desktop builds throw here): use ZXing.
    return null;
  }
}

async function zxingDecoder(): Promise<FrameDecoder> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'zxing',
    async decode(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return null;
      const scale = Math.min(1, MAX_FRAME_EDGE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        // ZXing throws when a frame has no readable code: the usual case between tickets.
        return null;
      }
    },
  };
}

let loading: Promise<FrameDecoder> | null = null;

/** The decoder for this browser, made once per page. */
export function loadDecoder(): Promise<FrameDecoder> {
  loading ??= nativeDecoder()
    .then((native) => native ?? zxingDecoder())
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
