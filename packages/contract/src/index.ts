export * from './auth.js';
export * from './common.js';
export * from './health.js';
export * from './route.js';
export * from './social.js';
