export const OUTGOING_MESSAGE_PATHS = {
  outgoingMessages: '/outgoing-messages',
} as const;
