import { controlledByServiceWorker } from '../../../lib/service-worker-control';

/**
 * Reads a QR code from the camera's current frame. The browser's own BarcodeDetector where it exists
 * and knows QR codes (Chrome on Android, ChromeOS and macOS; Safari only behind a developer flag);
 * elsewhere ZXing's reader in WebAssembly (every iPhone, Firefox, Chrome on Windows and Linux), loaded
 * from this server on first use so no other screen carries it. Both run entirely in this page: nothing
 * is downloaded while scanning.
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

/** The WebAssembly reader's module and the address of its wasm file, both from this server's build. */
async function readerFiles() {
  const [reader, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  return { reader, wasmUrl };
}

/**
 * ZXing's C++ reader compiled to WebAssembly. Its wasm file is part of the console's build (Vite's `?url`),
 * never the package's default CDN. It replaced ZXing's JavaScript port, which could not read about one
 * ticket in twenty-five even from a perfect image (a finder pattern taken from the code's data); this one
 * reads them all (docs/check-in.md, "The door screen").
 */
async function zxingDecoder(): Promise<FrameDecoder> {
  const {
    reader: { prepareZXingModule, purgeZXingModule, readBarcodes },
    wasmUrl,
  } = await readerFiles();
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
      },
      fireImmediately: true,
    });
  } catch (error) {
    // A failed fetch stays cached in the package: forget it so the next try fetches again.
    purgeZXingModule();
    throw error;
  }
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
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const [found] = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
      return found?.isValid && found.text ? found.text : null;
    },
  };
}

/** How long the door waits for the service worker to take the page over (it installs after the first load). */
const CONTROL_WAIT_MS = 60_000;

let kept: Promise<void> | null = null;

/**
 * Brings the WebAssembly reader's files to this device while it is online, without compiling them:
 * the service worker keeps every file the console loads under /assets/ (vite.config.ts), but does not
 * precache this one (321 kB that every visitor's first visit would pay). Without it, a door device
 * whose browser has no BarcodeDetector and whose camera was not started before the venue's network
 * dropped could not read tickets by camera offline (docs/check-in.md, "The door screen"). Once per
 * page; a failure is forgotten so the next call tries again.
 */
export function keepReaderForOffline(): Promise<void> {
  kept ??= nativeDecoder()
    .then(async (native) => {
      // Only what the service worker sees is kept: without one (development) there is nothing to do.
      if (native || !(await controlledByServiceWorker(CONTROL_WAIT_MS))) return;
      const { wasmUrl } = await readerFiles();
      const response = await fetch(wasmUrl);
      if (!response.ok) throw new Error(`the code reader answered ${response.status}`);
      // Read to the end: the service worker stores the file once its body has arrived.
      await response.arrayBuffer();
    })
    .catch(() => {
      kept = null;
    });
  return kept;
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
