export const DEV_OUTBOX_PATHS = {
  /** Demo servers only (administrators): the messages the development outbox captured. */
  devOutbox: '/dev-outbox',
} as const;
