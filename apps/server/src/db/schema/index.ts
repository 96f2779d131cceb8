export * from './catalog.js';
export * from './sessions.js';
export * from './social.js';
export * from './users.js';
