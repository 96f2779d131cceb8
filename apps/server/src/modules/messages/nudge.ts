import { EventEmitter } from 'node:events';

/**
 * A committed change with a message wakes this process's delivery loop at once instead of at its next
 * poll. Only a hint: a nudge nobody hears (no loop in this process) costs nothing, and the poll
 * finds the message anyway.
 */
const signal = new EventEmitter();
signal.setMaxListeners(0);

export function nudgeDelivery(): void {
  signal.emit('nudge');
}

export function onNudge(listener: () => void): () => void {
  signal.on('nudge', listener);
  return () => signal.off('nudge', listener);
}
