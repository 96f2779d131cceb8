export * from './account.js';
export * from './catalog.js';
export * from './content.js';
export * from './outbox.js';
export * from './payments.js';
export * from './sessions.js';
export * from './social.js';
export * from './users.js';
