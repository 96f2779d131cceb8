import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBulb, IconBulbOff, IconCamera, IconCameraOff, IconCameraRotate } from '@tabler/icons-react';
import { useRef } from 'react';
import { useCamera } from '../camera/use-camera';
import { useDecodeLoop } from '../camera/use-decode-loop';
import classes from './CameraScanner.module.css';

/**
 * The camera half of the Scan tab: Start/Stop, the preview with a frame to aim at, Torch and Switch
 * camera when the device has them, and what to do when the camera is refused or missing. Each code it
 * reads goes to `onCode` (the same code held in view is read once, then again only after 3 seconds).
 */
export function CameraScanner({
  onCode,
  onStart,
  onRunning,
  onToggled,
}: {
  onCode: (code: string) => Promise<void>;
  /** Called from the Start click: a user gesture, which sound needs before it may play. */
  onStart?: () => void;
  /** The preview is showing (the page has its full height now). */
  onRunning?: () => void;
  /** The camera was started (or could not be) or stopped: the screen may move the focus on. */
  onToggled?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCamera(video);
  const decoding = useDecodeLoop({ video, active: camera.running, onCode });

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {/* One button for both, never disabled while starting (as `loading` would): it keeps its place
            and the focus, which would otherwise fall to the page. */}
        <Button
          variant={camera.running ? 'default' : 'filled'}
          size="lg"
          leftSection={
            camera.starting ? (
              <Loader size={20} color="currentColor" aria-hidden />
            ) : camera.running ? (
              <IconCameraOff size={20} aria-hidden />
            ) : (
              <IconCamera size={20} aria-hidden />
            )
          }
          aria-busy={camera.starting || undefined}
          onClick={() => {
            if (camera.starting) return;
            if (camera.running) {
              camera.stop();
              onToggled?.();
              return;
            }
            onStart?.();
            void camera.start().then((running) => {
              onToggled?.();
              // After the preview is laid out, so a scroll to it can reach it.
              if (running) requestAnimationFrame(() => onRunning?.());
            });
          }}
        >
          {camera.running ? 'Stop camera' : 'Start camera'}
        </Button>
        {camera.running && camera.torch.available && (
          <Button
            variant="default"
            size="lg"
            aria-pressed={camera.torch.on}
            leftSection={
              camera.torch.on ? <IconBulbOff size={20} aria-hidden /> : <IconBulb size={20} aria-hidden />
            }
            onClick={() => void camera.toggleTorch()}
          >
            Torch
          </Button>
        )}
        {camera.running && camera.cameras.length > 1 && (
          <Button
            variant="default"
            size="lg"
            leftSection={<IconCameraRotate size={20} aria-hidden />}
            onClick={() => void camera.switchCamera()}
          >
            Switch camera
          </Button>
        )}
      </Group>
      {camera.problem && (
        <Alert color="red" variant="light" title="Camera unavailable" data-testid="camera-problem">
          {camera.problem}
        </Alert>
      )}
      {decoding.failed && (
        <Alert color="red" variant="light" title="Scanner unavailable">
          The code reader could not load. Reload the page, or type the ticket code below.
        </Alert>
      )}
      {/* Always in the page so the stream has somewhere to go; shown only while the camera runs. */}
      <Box className={classes.frame} hidden={!camera.running} data-testid="camera-preview">
        <video ref={video} className={classes.video} muted playsInline aria-label="Camera preview" />
        <div className={classes.aim} aria-hidden />
        {camera.running && !decoding.ready && !decoding.failed && (
          <Group className={classes.loading} gap="xs">
            <Loader size="xs" color="white" />
            <Text size="sm" c="white">
              Loading the code reader…
            </Text>
          </Group>
        )}
      </Box>
    </Stack>
  );
}
