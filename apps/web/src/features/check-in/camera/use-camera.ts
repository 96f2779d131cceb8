import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_ENDED, cameraProblem, NO_CAMERA_API } from './camera-problem';

/** `torch` is in the Image Capture spec, not yet in TypeScript's DOM types. */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraint = MediaTrackConstraintSet & { torch?: boolean };

const FRAME_SIZE = { width: { ideal: 1280 }, height: { ideal: 720 } };

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The camera shown in `video`: starts on the back camera (or a chosen one), lists the device's cameras
 * for switching, and says whether the torch can be switched. Stops the camera when the screen goes.
 */
export function useCamera(video: RefObject<HTMLVideoElement | null>) {
  const streamRef = useRef<MediaStream | null>(null);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });

  const stop = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    if (video.current) video.current.srcObject = null;
    setRunning(false);
    setTorch({ available: false, on: false });
  }, [video]);

  const start = useCallback(
    async (deviceId?: string) => {
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (!media?.getUserMedia) {
        setProblem(NO_CAMERA_API);
        return false;
      }
      setStarting(true);
      setProblem(null);
      try {
        const stream = await media.getUserMedia({
          audio: false,
          video: deviceId
            ? { deviceId: { exact: deviceId }, ...FRAME_SIZE }
            : { facingMode: { ideal: 'environment' }, ...FRAME_SIZE },
        });
        stopStream(streamRef.current);
        streamRef.current = stream;
        const element = video.current;
        if (element) {
          element.srcObject = stream;
          // Autoplay may need the element in view; the decode loop waits for frames either way.
          await element.play().catch(() => {});
        }
        const track = stream.getVideoTracks()[0];
        // Say so instead of leaving a frozen picture.
        track?.addEventListener('ended', () => {
          if (streamRef.current !== stream) return;
          stop();
          setProblem(CAMERA_ENDED);
        });
        setCameraId(track?.getSettings().deviceId ?? deviceId ?? null);
        const capabilities = track?.getCapabilities?.() as TorchCapabilities | undefined;
        setTorch({ available: capabilities?.torch === true, on: false });
        // Camera names are only listed once access is granted, so read them now.
        const devices = await media.enumerateDevices().catch(() => []);
        setCameras(devices.filter((d) => d.kind === 'videoinput'));
        setRunning(true);
        return true;
      } catch (error) {
        setProblem(cameraProblem(error));
        setRunning(false);
        return false;
      } finally {
        setStarting(false);
      }
    },
    [video, stop],
  );

  /** The next camera of the device (front, back, external), round the list. */
  const switchCamera = useCallback(async () => {
    if (cameras.length < 2) return;
    const index = cameras.findIndex((c) => c.deviceId === cameraId);
    const next = cameras[(index + 1) % cameras.length];
    if (next) await start(next.deviceId);
  }, [cameras, cameraId, start]);

  const toggleTorch = useCallback(async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as TorchConstraint] });
      setTorch({ available: true, on });
    } catch {
      setTorch({ available: false, on: false });
    }
  }, [torch.on]);

  useEffect(() => () => stopStream(streamRef.current), []);

  return { running, starting, problem, cameras, torch, start, stop, switchCamera, toggleTorch };
}
