export * from './account.js';
export * from './content.js';
export * from './outbox.js';
export * from './sessions.js';
export * from './users.js';
