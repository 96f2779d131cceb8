export * from './catalog.js';
export * from './sessions.js';
export * from './users.js';
