export * from './account.js';
export * from './auth.js';
export * from './common.js';
export * from './content.js';
export * from './health.js';
export * from './outbox.js';
export * from './route.js';
