/** What to tell the person at the door when the camera cannot start, and what to do instead. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Camera access was refused. Allow the camera for this site in the browser settings, then press Start camera again, or type the ticket code below.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device. Type the ticket code below, or search the attendee list.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is busy or could not start. Close other apps using it and press Start camera again.';
    default:
      return 'The camera could not start. Press Start camera to try again, or type the ticket code below.';
  }
}

/** Said when the browser offers no camera at all here (an old browser, or a page not served over https). */
export const NO_CAMERA_API =
  'This browser cannot use a camera on this page (it needs a secure https address). Type the ticket code below, or search the attendee list.';

/** Said when a running camera goes away (unplugged, or access withdrawn in the browser's settings). */
export const CAMERA_ENDED =
  'The camera stopped. Press Start camera to use it again, or type the ticket code below.';
